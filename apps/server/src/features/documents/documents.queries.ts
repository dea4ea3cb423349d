import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { TokenSigner } from '../../platform/tokens';
import { documents, documentShares } from './documents.schema';
import { labelOf } from './sending.service';
import { sharedDocumentLink } from './shared-link';

/**
 * What other features may read of the documents feature's tables (docs/ARCHITECTURE.md, table ownership).
 *
 * The client hub's documents (issue 36): the documents of `workspaceId` sent to `contactId` whose send's download link
 * still lives — newest send first, at most `limit` —, each with that link, made again from the send's row (the one the
 * text carried; an emailed document's is made the same way). A deleted document has no row; another workspace's
 * sends to the same person are not found.
 */
export async function findSharedDocuments(db: Db, opts: { signer: TokenSigner; publicUrl: string; workspaceId: string; contactId: string; now: Date; limit: number }) {
  const rows = await db
    .select({ id: documents.id, name: documents.name, documentType: documents.documentType, sharedAt: documentShares.sharedAt, expiresAt: documentShares.linkExpiresAt })
    .from(documentShares)
    .innerJoin(documents, eq(documents.id, documentShares.documentId))
    .where(
      and(
        eq(documentShares.workspaceId, opts.workspaceId),
        eq(documentShares.contactId, opts.contactId),
        gt(documentShares.linkExpiresAt, opts.now),
        eq(documents.workspaceId, opts.workspaceId),
        ne(documents.status, 'uploading'),
      ),
    )
    .orderBy(desc(documentShares.sharedAt), desc(documents.id))
    .limit(opts.limit);
  return rows.map((r) => ({
    name: r.name,
    label: labelOf(r.documentType),
    sharedAt: r.sharedAt,
    expiresAt: r.expiresAt,
    link: sharedDocumentLink(opts.signer, opts.publicUrl, r.id, r.expiresAt, opts.now),
  }));
}
