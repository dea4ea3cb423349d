import type { Readable } from 'node:stream';
import { and, eq, lte } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { requireWorkspace, type Actor } from '../auth-guard';
import type { BlobStore } from '../blob-store';
import { AppError, fieldError } from '../errors';
import { itemAdded, type AddedItem } from '../item-events';
import { registerUploads, uploadError } from '../multipart-upload';
import { readHead } from './stream-head';

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
   * field: turn the row out of 'uploading' and answer. A throw here discards the row and its blob.
   */
  finish: (stored: StoredFile<K>, fields: UploadFields) => Promise<R>;
};

export type UploadEndpoint<K extends string> = {
  /** Reads the request's one upload through the steps: `existing` when beforeFile answered for an earlier one. */
  receive: <R>(req: FastifyRequest, actor: Actor, steps: UploadSteps<K, R>) => Promise<{ result: R; existing: boolean }>;
};

/**
 * The one upload path (documents, recordings): a multipart request of one file of at most `maxBytes` — refused with
 * 413 from its Content-Length before a byte is read, cut while streaming otherwise —, the file recognised from its
 * first bytes while it streams, and the lifecycle row → blob → finish: the row is written first ('uploading', its
 * blob key fixed), then the blob; only a finished upload leaves 'uploading'. A refusal or failure at any step
 * removes row and blob; what a crash leaves 'uploading' is removed by sweepUploads.
 *
 * The caller's rate limit (`limit`) is counted before a byte is stored.
 */
export async function registerUploadEndpoint<K extends string>(
  app: FastifyInstance,
  opts: {
    db: Db;
    blobs: BlobStore;
    path: string;
    maxBytes: number;
    /** Small fields the request may carry besides the file, and their length. */
    fields: number;
    fieldSize: number;
    table: UploadTable;
    /** Blobs are stored at `<keyPrefix>/<workspace id>/<row id>`. */
    keyPrefix: string;
    kinds: FileKinds<K>;
    /** Fields that arrive after the file are refused (they decide where the file goes and must be known first). */
    fieldsBeforeFile: boolean;
    limit: (userId: string) => Promise<void>;
    messages: { notMultipart: string; missingFile: string };
    /** What a finished upload is announced as to other features (platform/item-events.ts: Drive copies it). */
    announceAs?: AddedItem['kind'];
  },
): Promise<UploadEndpoint<K>> {
  const { db, blobs, kinds } = opts;
  const uploads = await registerUploads(app, { path: opts.path, maxBytes: opts.maxBytes, fields: opts.fields, fieldSize: opts.fieldSize });

  async function storeFile<R>(actor: Actor, part: { filename: string | undefined; file: Readable }, fields: UploadFields, steps: UploadSteps<K, R>): Promise<StoredFile<K>> {
    const workspaceId = requireWorkspace(actor);
    const { head, body } = await readHead(part.file, kinds.headBytes);
    const kind = await kinds.recognise(head);
    if (!kind) {
      body.resume(); // let the rest of the request drain
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', kinds.unsupported);
    }
    const file: RecognisedFile<K> = { kind, contentType: kinds.types[kind], fileName: part.filename };
    const id = crypto.randomUUID();
    const storageKey = `${opts.keyPrefix}/${workspaceId}/${id}`;
    try {
      await steps.createRow({ id, workspaceId, storageKey, file, fields: { ...fields } });
    } catch (err) {
      body.resume();
      throw err;
    }
    try {
      const { size } = await blobs.put(storageKey, body, { contentType: file.contentType });
      return { ...file, id, storageKey, size };
    } catch (err) {
      await discardUpload(db, blobs, opts.table, { id, storageKey });
      throw err;
    }
  }

  return {
    async receive<R>(req: FastifyRequest, actor: Actor, steps: UploadSteps<K, R>) {
      if (!uploads.isMultipart(req)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', opts.messages.notMultipart);
      await opts.limit(actor.userId);
      const fields: UploadFields = {};
      let stored: StoredFile<K> | null = null;
      let existing: { existing: R } | null = null;
      try {
        for await (const part of uploads.parts(req)) {
          if (part.type === 'field') {
            if (opts.fieldsBeforeFile && (stored || existing)) throw fieldError(part.fieldname, 'Send the fields before the file');
            fields[part.fieldname] = part.value;
          } else if (part.fieldname !== 'file' || stored || existing) {
            part.file.resume();
            throw fieldError('file', 'Send one file, in the field "file"');
          } else {
            let before: { existing: R } | void;
            try {
              before = await steps.beforeFile?.({ ...fields });
            } catch (err) {
              part.file.resume();
              throw err;
            }
            if (before) {
              part.file.resume();
              existing = before;
            } else {
              stored = await storeFile(actor, part, fields, steps);
            }
          }
        }
      } catch (err) {
        if (stored) await discardUpload(db, blobs, opts.table, stored);
        throw uploadError(err);
      }
      if (existing) return { result: existing.existing, existing: true };
      if (!stored) throw fieldError('file', opts.messages.missingFile);
      let result: R;
      try {
        result = await steps.finish(stored, { ...fields });
      } catch (err) {
        await discardUpload(db, blobs, opts.table, stored);
        throw err;
      }
      if (opts.announceAs) {
        await itemAdded(db, {
          kind: opts.announceAs,
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
      return { result, existing: false };
    },
  };
}

/** Removes an upload's row, then its blob (a blob without a row is never served: the order keeps a failure harmless). */
export async function discardUpload(db: Db, blobs: BlobStore, table: UploadTable, upload: { id: string; storageKey: string | null }): Promise<void> {
  await db.delete(table).where(eq(table.id, upload.id));
  if (upload.storageKey) await blobs.delete(upload.storageKey);
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
