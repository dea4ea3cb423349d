import type { Readable } from 'node:stream';
import { and, eq, lte } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { Actor } from '../auth-guard';
import type { BlobStore } from '../blob-store';
import { AppError } from '../errors';
import { itemAdded, type AddedItem } from '../item-events';

/*
 * The upload lifecycle both ways in share (multipart: receive-upload.ts; resumable, tus: resumable.ts): the file is
 * recognised from its first bytes, its row is written ('uploading'), then its blob, then the feature finishes it;
 * any refusal or failure removes row and blob, and the sweep removes what a crash left.
 */

/** An upload is removed (row and blob) by the sweep when a crash left it 'uploading' this long. */
export const ABANDONED_UPLOAD_MS = 60 * 60_000;

/**
 * What a feature accepts, recognised from the file's first bytes (magic bytes), never from its name or the type the
 * client claims: `recognise` sees at most `headBytes` of the start and names the kind, or null for anything else.
 */
export type FileKinds<K extends string> = {
  headBytes: number;
  recognise: (head: Buffer) => Promise<K | null> | K | null;
  /** The content type each kind is stored and served with. */
  types: Record<K, string>;
  /** The 415 answer for a file of no accepted kind. */
  unsupported: string;
};

/** A table that holds uploads: a row is 'uploading' from before its blob is written until the upload finished. */
export type UploadTable = PgTable & { id: PgColumn; status: PgColumn; createdAt: PgColumn; storageKey: PgColumn };

export type UploadFields = Record<string, string>;
export type RecognisedFile<K extends string> = { kind: K; contentType: string; fileName: string | undefined };
export type StoredFile<K extends string> = RecognisedFile<K> & { id: string; storageKey: string; size: number };

/** What one feature does at each step of an upload; the order, the blob and every clean-up are the module's. */
export type UploadSteps<K extends string, R> = {
  /**
   * The file part arrived (with the fields sent before it); none of its bytes is read yet. Throw to refuse the
   * upload, or answer `{ existing }` to leave the file unread (a repeat of an upload already stored).
   */
  beforeFile?: (fields: UploadFields) => Promise<{ existing: R } | void>;
  /** Inserts the row, status 'uploading', with this id and storage key (a refusal here drains the file). */
  createRow: (row: { id: string; workspaceId: string; storageKey: string; file: RecognisedFile<K>; fields: UploadFields }) => Promise<void>;
  /**
   * The request ended well (the parser reports a file cut at the size limit only after its last byte), with every
   * field: turn the row out of 'uploading' — only while it still is (a resumable upload's finisher that stalled past
   * its lease races with the one that took over and discards the row) — and answer. A throw here discards the row
   * and its blob.
   */
  finish: (stored: StoredFile<K>, fields: UploadFields) => Promise<R>;
};

/** An upload kind's settings: what both the multipart and the resumable path of one feature share. */
export type UploadKind<K extends string> = {
  db: Db;
  blobs: BlobStore;
  maxBytes: number;
  /** Small fields the request may carry besides the file, and their length. */
  fields: number;
  fieldSize: number;
  table: UploadTable;
  /** Blobs are stored at `<keyPrefix>/<workspace id>/<row id>`. */
  keyPrefix: string;
  kinds: FileKinds<K>;
  limit: (userId: string) => Promise<void>;
  /** What a finished upload is announced as to other features (platform/item-events.ts: Drive copies it). */
  announceAs?: AddedItem['kind'] | undefined;
};

/** The file's kind from its first bytes, or the kind's 415. */
export async function recogniseFile<K extends string>(kinds: FileKinds<K>, head: Buffer, fileName: string | undefined): Promise<RecognisedFile<K>> {
  const kind = await kinds.recognise(head);
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', kinds.unsupported);
  return { kind, contentType: kinds.types[kind], fileName };
}

/**
 * Row → blob: the row is written ('uploading', its blob key fixed), then the blob from `body`; a failure of either
 * removes both. `body` is left unread when the row is refused (the caller drains or drops it). `id` is the row's: a
 * resumable upload fixes it before (resumable.ts, so a finish cut short is found by it); a multipart one's is new.
 */
export async function storeRecognised<K extends string, R>(
  upload: UploadKind<K>,
  workspaceId: string,
  file: RecognisedFile<K>,
  body: Readable,
  fields: UploadFields,
  steps: UploadSteps<K, R>,
  id: string = crypto.randomUUID(),
): Promise<StoredFile<K>> {
  const storageKey = `${upload.keyPrefix}/${workspaceId}/${id}`;
  await steps.createRow({ id, workspaceId, storageKey, file, fields: { ...fields } });
  try {
    const { size } = await upload.blobs.put(storageKey, body, { contentType: file.contentType });
    return { ...file, id, storageKey, size };
  } catch (err) {
    await discardUpload(upload.db, upload.blobs, upload.table, { id, storageKey });
    throw err;
  }
}

/** → finish: the feature turns the row out of 'uploading' (a throw removes row and blob), then it is announced. */
export async function finishStored<K extends string, R>(upload: UploadKind<K>, actor: Actor, stored: StoredFile<K>, fields: UploadFields, steps: UploadSteps<K, R>): Promise<R> {
  let result: R;
  try {
    result = await steps.finish(stored, { ...fields });
  } catch (err) {
    await discardUpload(upload.db, upload.blobs, upload.table, stored);
    throw err;
  }
  await announceStored(upload, actor, stored, fields);
  return result;
}

/**
 * Tells other features (Drive) about a finished upload. Said again when a resumable upload's finish was cut after the
 * feature's finish (resumable.ts): the listeners keep one copy per item, so a repeat is harmless and none is lost.
 */
export async function announceStored<K extends string>(upload: UploadKind<K>, actor: Actor, stored: StoredFile<K>, fields: UploadFields): Promise<void> {
  if (upload.announceAs) {
    await itemAdded(upload.db, {
      kind: upload.announceAs,
      id: stored.id,
      userId: actor.userId,
      workspaceId: actor.workspaceId,
      name: stored.fileName?.split(/[\\/]/).pop() || `${stored.id}.${stored.kind}`,
      mimeType: stored.contentType,
      blobKey: stored.storageKey,
      size: stored.size,
      jobId: fields.job_id || null,
      importedFrom: fields.drive_file_id || null,
    });
  }
}

/** Removes an upload's row, then its blob (a blob without a row is never served: the order keeps a failure harmless). */
export async function discardUpload(db: Db, blobs: BlobStore, table: UploadTable, upload: { id: string; storageKey: string | null }): Promise<void> {
  await db.delete(table).where(eq(table.id, upload.id));
  if (upload.storageKey) await blobs.delete(upload.storageKey);
}

/** An upload's row (its status and blob key), or null when there is none. */
export async function findUploadRow(db: Db, table: UploadTable, id: string): Promise<{ status: string; storageKey: string | null } | null> {
  const [row] = (await db.select({ status: table.status, storageKey: table.storageKey }).from(table).where(eq(table.id, id))) as { status: string; storageKey: string | null }[];
  return row ?? null;
}

/**
 * Removes an upload's row only while it is still 'uploading' (a finish running meanwhile wins: its row is kept), then
 * its blob; answers whether the row is gone (now or before). Its blob is removed too when the row was already gone.
 */
export async function discardUnfinished(db: Db, blobs: BlobStore, table: UploadTable, upload: { id: string; storageKey: string | null }): Promise<boolean> {
  await db.delete(table).where(and(eq(table.id, upload.id), eq(table.status, 'uploading')));
  if (await findUploadRow(db, table, upload.id)) return false;
  if (upload.storageKey) await blobs.delete(upload.storageKey);
  return true;
}

/** Uploads a crash cut off: rows of `table` still 'uploading' after `olderThanMs` (an hour by default), with their blobs. */
export async function sweepUploads(db: Db, blobs: BlobStore, table: UploadTable, opts: { now?: Date; olderThanMs?: number } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const stale = (await db
    .delete(table)
    .where(and(eq(table.status, 'uploading'), lte(table.createdAt, new Date(now.getTime() - (opts.olderThanMs ?? ABANDONED_UPLOAD_MS)))))
    .returning({ storageKey: table.storageKey })) as { storageKey: string | null }[];
  for (const { storageKey } of stale) if (storageKey) await blobs.delete(storageKey);
  return stale.length;
}
