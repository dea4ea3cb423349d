import { and, desc, gt, inArray, isNull, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { GALLERY_LINKS, makeClientLink } from '../../platform/client-links';
import type { TokenSigner } from '../../platform/tokens';
import { photoGalleries } from './gallery.schema';

/**
 * What other features may read of the photos feature's tables (docs/ARCHITECTURE.md, table ownership).
 *
 * The client hub's shared photos (issue 36): the live galleries (not revoked, not expired) of `jobIds` in
 * `workspaceId` — the photos the contractor chose to share on those jobs — newest first, at most `limit`, each with
 * its link (made again from the row, as the galleries' own list does). Another workspace's jobs find nothing.
 */
export async function findSharedGalleries(db: Db, opts: { signer: TokenSigner; publicUrl: string; workspaceId: string; jobIds: readonly string[]; now: Date; limit: number }) {
  if (opts.jobIds.length === 0) return [];
  const rows = await db
    .select({ id: photoGalleries.id, label: photoGalleries.label, photoIds: photoGalleries.photoIds, expiresAt: photoGalleries.expiresAt, createdAt: photoGalleries.createdAt })
    .from(photoGalleries)
    .where(and(eq(photoGalleries.workspaceId, opts.workspaceId), inArray(photoGalleries.jobId, [...opts.jobIds]), isNull(photoGalleries.revokedAt), gt(photoGalleries.expiresAt, opts.now)))
    .orderBy(desc(photoGalleries.createdAt))
    .limit(opts.limit);
  return rows.map((r) => ({
    label: r.label,
    photoCount: r.photoIds.length,
    createdAt: r.createdAt,
    link: makeClientLink(opts.signer, opts.publicUrl, GALLERY_LINKS, { id: r.id, expiresAt: r.expiresAt }, opts.now),
  }));
}
