import { DOCUMENT_NOT_FOUND, ProcessDocumentFieldsSchema, type Document, type DocumentListSchema, type DocumentSchema, type ListDocumentsQuery } from '@fieldbook/contract';
import type { JsonText } from '../../platform/json-text';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents } from './documents.schema';
import { requireWorkspace, type Actor } from '../../platform/auth-guard';
import type { BlobStore } from '../../platform/blob-store';
import { AppError, fieldError } from '../../platform/errors';
import { assertJobInWorkspace } from '../jobs';
import { findDocumentJson, findDocumentRow, findDocumentsPageJson, type DocumentRow } from './documents.repository';
import { sweepUploads, type UploadFields, type UploadSteps } from '../../platform/uploads';
import type { DocumentKind } from './file-kind';


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

/**
 * The documents upload's steps on the one upload path (platform/uploads): the row ('uploading') is inserted with the
 * recognised kind; when the request ended well the job (if any, field job_id) is attached and the document handed
 * to processing ('processing', the queue's status). The path removes row and blob on any refusal or failure.
 */
export function documentUploadSteps(opts: { db: Db; actor: Actor }): UploadSteps<DocumentKind, JsonText<typeof DocumentSchema>> {
  const { db, actor } = opts;
  const checkJob = async (fields: UploadFields): Promise<string | undefined> => {
    const parsed = ProcessDocumentFieldsSchema.safeParse({ job_id: fields.job_id || undefined });
    if (!parsed.success) throw fieldError('job_id', parsed.error.issues[0]!.message);
    const jobId = parsed.data.job_id;
    if (jobId) await assertJobInWorkspace({ db, workspaceId: requireWorkspace(actor), jobId }).catch(() => Promise.reject(fieldError('job_id', 'No such job in your workspace')));
    return jobId;
  };
  return {
    // A job sent before the file (the web sends the fields first; a resumable upload's metadata) is checked before a
    // byte is stored; finish checks it again with every field.
    beforeFile: async (fields) => {
      await checkJob(fields);
    },
    createRow: async ({ id, workspaceId, storageKey, file }) => {
      await db.insert(documents).values({
        id,
        workspaceId,
        createdBy: actor.userId,
        name: documentName(file.fileName),
        fileType: file.kind,
        mimeType: file.contentType,
        status: 'uploading',
        storageType: 'server',
        storageKey,
      });
    },
    finish: async (stored, fields) => {
      const jobId = await checkJob(fields);
      await db
        .update(documents)
        .set({ status: 'processing', fileSize: stored.size, jobId: jobId ?? null, metadata: { size: stored.size } })
        .where(and(eq(documents.id, stored.id), eq(documents.status, 'uploading')));
      return getDocumentJson({ db, actor, id: stored.id });
    },
  };
}

/** Uploads a crash or a dropped connection left half-done: rows still 'uploading' after `olderThanMs` (an hour by default), with their blobs. */
export function sweepDocumentUploads(db: Db, blobs: BlobStore, opts: { now?: Date; olderThanMs?: number | undefined } = {}): Promise<number> {
  return sweepUploads(db, blobs, documents, opts);
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
