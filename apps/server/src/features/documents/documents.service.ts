import { DOCUMENT_NOT_FOUND, type Document, type DocumentListSchema, type DocumentSchema, type ListDocumentsQuery } from '@fieldbook/contract';
import type { JsonText } from '../../platform/json-text';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';
import { requireWorkspace, type Actor } from '../../platform/auth-guard';
import type { BlobStore } from '../../platform/blob-store';
import { AppError, fieldError } from '../../platform/errors';
import { assertJobInWorkspace } from '../jobs';
import { findDocumentJson, findDocumentRow, findDocumentsPageJson, type DocumentRow } from './documents.repository';
import { DOCUMENT_KINDS, recogniseDocument, UNSUPPORTED_TYPE_MESSAGE } from './file-kind';


export async function listDocuments(opts: { db: Db; actor: Actor; query: ListDocumentsQuery }): Promise<JsonText<typeof DocumentListSchema>> {
  return findDocumentsPageJson(opts.db, requireWorkspace(opts.actor), opts.query);
}

/** A document of the caller's workspace, as the API shows it (JSON text); 404 for any other. */
export async function getDocumentJson(opts: { db: Db; actor: Actor; id: string }): Promise<JsonText<typeof DocumentSchema>> {
  const found = await findDocumentJson(opts.db, requireWorkspace(opts.actor), opts.id);
  if (!found) throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND);
  return found;
}

/** The same, as an object: for answers that carry a document inside another shape. */
export async function getDocumentObject(opts: { db: Db; actor: Actor; id: string }): Promise<Document> {
  return JSON.parse(await getDocumentJson(opts)) as Document;
}

/** A document's row of the caller's workspace (storage key, status); 404 for any other. */
export async function getDocumentRow(opts: { db: Db; actor: Actor; id: string }): Promise<DocumentRow> {
  const row = await findDocumentRow(opts.db, requireWorkspace(opts.actor), opts.id);
  if (!row) throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND);
  return row;
}

/** A display name from the uploaded file's name: no path, no control characters, at most 200 characters. */
export function documentName(fileName: string | undefined): string {
  const base = (fileName ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return cleaned || 'document';
}

export type UploadedFile = { fileName: string | undefined; stream: Readable };

/**
 * Stores one upload. The row comes first (status 'uploading', its blob key fixed), then the blob; only a complete,
 * recognised file of an allowed type turns the row to 'processing' (and so into the processing queue). A refusal
 * or failure removes both; a crash in between leaves an 'uploading' row that the sweeper removes with its blob.
 */
export async function storeUpload(opts: { db: Db; blobs: BlobStore; actor: Actor; file: UploadedFile }) {
  const { db, blobs, actor } = opts;
  const workspaceId = requireWorkspace(actor);
  const { kind, body } = await recogniseDocument(opts.file.stream);
  if (!kind) {
    opts.file.stream.resume(); // let the rest of the request drain
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', UNSUPPORTED_TYPE_MESSAGE);
  }
  const id = crypto.randomUUID();
  const storageKey = `documents/${workspaceId}/${id}`;
  await db.insert(documents).values({
    id,
    workspaceId,
    createdBy: actor.userId,
    name: documentName(opts.file.fileName),
    fileType: kind,
    mimeType: DOCUMENT_KINDS[kind],
    status: 'uploading',
    storageType: 'server',
    storageKey,
  });
  try {
    const { size } = await blobs.put(storageKey, body, { contentType: DOCUMENT_KINDS[kind] });
    return { id, size, storageKey };
  } catch (err) {
    await discardUpload(db, blobs, id, storageKey);
    throw err;
  }
}

export async function discardUpload(db: Db, blobs: BlobStore, id: string, storageKey: string): Promise<void> {
  await db.delete(documents).where(eq(documents.id, id));
  await blobs.delete(storageKey);
}

/** The upload is complete: attach the job (if any) and hand it to processing. */
export async function finishUpload(opts: { db: Db; blobs: BlobStore; actor: Actor; stored: { id: string; size: number; storageKey: string }; jobId: string | undefined }): Promise<JsonText<typeof DocumentSchema>> {
  const { db, actor, stored } = opts;
  const workspaceId = requireWorkspace(actor);
  try {
    if (opts.jobId) await assertJobInWorkspace({ db, workspaceId, jobId: opts.jobId }).catch(() => Promise.reject(fieldError('job_id', 'No such job in your workspace')));
    await db
      .update(documents)
      .set({ status: 'processing', fileSize: stored.size, jobId: opts.jobId ?? null, metadata: { size: stored.size } })
      .where(and(eq(documents.id, stored.id), eq(documents.status, 'uploading')));
  } catch (err) {
    await discardUpload(db, opts.blobs, stored.id, stored.storageKey);
    throw err;
  }
  return getDocumentJson({ db, actor, id: stored.id });
}

/** A failed document goes back to processing, its tries counted afresh. */
export async function retryDocument(opts: { db: Db; actor: Actor; id: string }): Promise<JsonText<typeof DocumentSchema>> {
  const row = await getDocumentRow(opts);
  if (row.status !== 'failed') throw new AppError('CONFLICT', 'Only a document whose processing failed can be retried');
  await opts.db
    .update(documents)
    .set({ status: 'processing', attempts: 0, nextAttemptAt: new Date(), processingError: null })
    .where(eq(documents.id, row.id));
  return getDocumentJson(opts);
}

/** Deletes the row, then its blob (a blob without a row is never served; the order keeps a failure harmless). */
export async function deleteDocument(opts: { db: Db; blobs: BlobStore; actor: Actor; id: string }): Promise<void> {
  const row = await getDocumentRow(opts);
  await opts.db.delete(documents).where(eq(documents.id, row.id));
  if (row.storageType === 'server' && row.storageKey) await opts.blobs.delete(row.storageKey);
}
