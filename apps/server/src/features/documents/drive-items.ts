import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AddedItem } from '../../platform/item-events';
import { documents } from './documents.schema';

/**
 * The documents the user added to their workspace (uploaded or generated, stored on the server), as the items Drive's
 * "Copy existing items" queues, oldest first — the same item the upload path announces for each (documents.routes).
 */
export async function documentItemsOf(db: Db, opts: { userId: string; workspaceId: string }): Promise<AddedItem[]> {
  const rows = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.workspaceId, opts.workspaceId),
        eq(documents.createdBy, opts.userId),
        eq(documents.storageType, 'server'),
        isNotNull(documents.storageKey),
        inArray(documents.status, ['processing', 'processed', 'created', 'failed']),
      ),
    )
    .orderBy(asc(documents.createdAt));
  return rows.map((row) => ({
    kind: 'document' as const,
    id: row.id,
    userId: opts.userId,
    workspaceId: row.workspaceId,
    name: row.name,
    mimeType: row.mimeType ?? 'application/octet-stream',
    blobKey: row.storageKey,
    size: row.fileSize ?? 0,
    jobId: row.jobId,
  }));
}
