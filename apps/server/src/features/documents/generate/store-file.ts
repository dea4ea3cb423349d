import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { BlobStore } from '../../../platform/blob-store';
import { itemAdded } from '../../../platform/item-events';
import { documents } from '../documents.schema';

/**
 * Stores a PDF another feature wrote (a quote's signed PDF, issue 27) as a created document on a job, under the id
 * the caller gives: a retry with the same id finds the stored document and adds nothing. The order is the
 * generated documents' own: the row (uploading), the blob, then the row created; then the item is announced, so Drive
 * copies it like any document when its creator is connected.
 */
export async function storeGeneratedPdf(
  deps: { db: Db; blobs: BlobStore; now: Date },
  file: { id: string; workspaceId: string; jobId: string; createdBy: string | null; name: string; documentType: string; pdf: Buffer; text: string; metadata?: Record<string, unknown> },
): Promise<string> {
  const { db, blobs } = deps;
  const [existing] = await db.select({ status: documents.status }).from(documents).where(eq(documents.id, file.id)).limit(1);
  if (existing && existing.status !== 'uploading') return file.id;
  const storageKey = `documents/${file.workspaceId}/${file.id}`;
  if (!existing) {
    await db.insert(documents).values({
      id: file.id,
      workspaceId: file.workspaceId,
      jobId: file.jobId,
      createdBy: file.createdBy,
      name: file.name,
      documentType: file.documentType,
      fileType: 'pdf',
      mimeType: 'application/pdf',
      status: 'uploading',
      storageKey,
    });
  }
  await blobs.put(storageKey, Readable.from([file.pdf]), { contentType: 'application/pdf' });
  await db
    .update(documents)
    .set({ status: 'created', fileSize: file.pdf.length, extractedText: file.text, metadata: { size: file.pdf.length, generated: true, ...file.metadata }, processedAt: deps.now })
    .where(eq(documents.id, file.id));
  if (file.createdBy) {
    await itemAdded(db, { kind: 'document', id: file.id, userId: file.createdBy, workspaceId: file.workspaceId, name: file.name, mimeType: 'application/pdf', blobKey: storageKey, size: file.pdf.length, jobId: file.jobId });
  }
  return file.id;
}

/**
 * Removes a PDF storeGeneratedPdf stored when what it was made for failed after it (an invoice's send refused at its
 * last step): the row, then the blob, so no document is left on the job for something that did not happen.
 */
export async function discardGeneratedPdf(deps: { db: Db; blobs: BlobStore }, id: string): Promise<void> {
  const [row] = await deps.db.delete(documents).where(eq(documents.id, id)).returning({ storageKey: documents.storageKey });
  if (row?.storageKey) await deps.blobs.delete(row.storageKey);
}
