import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './_columns';

/**
 * Resumable uploads in progress (tus, platform/uploads/resumable.ts): the platform's, like the other tables beside
 * this file. A row is one upload from its creation to its end; its bytes are parts in the blob store
 * (`resumable_upload_parts`) until the last byte arrives, when they become one blob and the feature's row (a
 * document, a recording) is made on the one upload path. The finished row stays until it expires, so a client whose
 * last answer was lost learns what was made (HEAD). The upload sweep removes expired rows and their parts.
 */
export const resumableUploads = pgTable(
  'resumable_uploads',
  {
    /** "u" and 32 random URL-safe characters (192 bits): the upload's URL; useless to anyone but its creator (404). */
    id: text().primaryKey(),
    /** Its creator and their workspace (no foreign keys: platform tables do not reach into a feature's; rows expire). */
    userId: uuid().notNull(),
    workspaceId: uuid().notNull(),
    /** The upload kind: 'documents' or 'recordings' (the feature whose upload path finishes it). */
    kind: text().notNull(),
    /** Upload-Length: the file's size, declared at creation. */
    uploadLength: bigint({ mode: 'number' }).notNull(),
    /** Upload-Offset: the bytes kept so far (the committed parts' sizes added up). */
    uploadOffset: bigint({ mode: 'number' }).notNull().default(0),
    /** Upload-Metadata, decoded: the file name and the feature's fields (job_id, upload_key, …). */
    fileName: text(),
    fields: jsonb().$type<Record<string, string>>().notNull(),
    /** The kind recognised from the first bytes (magic bytes), once they are in. */
    fileKind: text(),
    /** receiving → finishing (one request makes the feature's row, under a lease) → finished. */
    status: text({ enum: ['receiving', 'finishing', 'finished'] }).notNull().default('receiving'),
    /**
     * The finishing request's lease, renewed while it works: after it (its process died) another request finishes the
     * upload. Its value is also the fencing token: the finisher writes the row only while it is the one it last wrote.
     */
    lockedUntil: timestamp({ withTimezone: true }),
    /**
     * What the finished upload made: the document's or recording's id. Written before the feature's row is made
     * (status still 'finishing'), so a finish cut short — a dead process, a failed last write — is found by the next
     * one: the row finished is the answer, a row still 'uploading' is discarded (resumable.ts). Answered only once
     * the status is 'finished'.
     */
    resultId: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Upload-Expires: the sweep removes the row and its parts after this. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('resumable_uploads_user_status_idx').on(t.userId, t.status), index('resumable_uploads_expires_at_idx').on(t.expiresAt)],
);

/**
 * The bytes of an unfinished upload, one part per PATCH (or what arrived of it before the connection dropped), each
 * a blob under its own key. A part's row is written before its blob (size null while it is written), so whatever
 * happens next the sweep finds the blob to remove; `size` is set when the part is committed to the upload's offset.
 */
export const resumableUploadParts = pgTable(
  'resumable_upload_parts',
  {
    /** The blob key: `uploads/<workspace id>/<upload id>/<start>-<random>`. */
    key: text().primaryKey(),
    uploadId: text()
      .notNull()
      .references(() => resumableUploads.id, { onDelete: 'cascade' }),
    /** The file offset of its first byte. */
    start: bigint({ mode: 'number' }).notNull(),
    /** Its size once committed; null while its blob is being written (or was left by a crash). */
    size: bigint({ mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('resumable_upload_parts_upload_idx').on(t.uploadId, t.start)],
);
