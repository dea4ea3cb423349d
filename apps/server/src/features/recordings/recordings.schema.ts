import type { TranscriptConfidence } from '@fieldbook/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tsvector, updatedAt, WORKSPACE_LEXEME_SQL } from '../../db/schema/_columns';
import { users } from '../auth/auth.schema';
import { contacts } from '../contacts/contacts.schema';
import { workspaces } from '../workspaces/workspaces.schema';
import { requestIdColumn } from '../../platform/request-context';

export type TranscriptSegmentRow = { start: number; end: number; text: string };

/**
 * A call recording (spec 001 §3): the audio in the blob store, what its file name says (direction, date and time,
 * phone, the recorder's user id), and its transcript. The row is also the transcription queue's entry, like a
 * document's (ADR 0006): transcription_status pending + next_attempt_at due.
 */
export const recordings = pgTable(
  'recordings',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The user who made it: they see it, and so does the system admin. */
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The recorder's group id (spec 001 §3 groupId; the plugin's addGroupToRecord), free text. */
    groupId: text(),
    /** The client's key for one file: a retried upload finds the stored recording instead of making a second. */
    uploadKey: text(),
    fileName: text().notNull(),
    fileType: text().notNull(),
    mimeType: text().notNull(),
    fileSize: integer().notNull().default(0),
    durationSeconds: real(),
    direction: text().$type<'incoming' | 'outgoing' | 'unknown'>().notNull().default('unknown'),
    phoneNumber: text(),
    recordedAt: timestamp({ withTimezone: true }),
    /** The uploader's IANA zone the file name's wall-clock time was read in (null: UTC, no zone was sent). */
    recordedTimeZone: text(),
    /** When the call happened for analytics: recorded_at where known, else when it was stored. */
    calledAt: timestamp({ withTimezone: true })
      .notNull()
      .generatedAlwaysAs(sql`coalesce("recorded_at", "created_at")`),
    /** The user id written in the file name (the recorder's), kept as text: it may not be one of ours. */
    fileUserId: text(),
    /** uploading until the whole file is stored (the sweeper removes what a crash cut off), then stored. */
    status: text().$type<'uploading' | 'stored'>().notNull(),
    storageKey: text().notNull(),
    transcriptionStatus: text().$type<'pending' | 'processing' | 'done' | 'failed'>().notNull().default('pending'),
    transcriptSegments: jsonb().$type<TranscriptSegmentRow[]>(),
    transcriptText: text(),
    transcriptEngine: text(),
    /** How sure the engine was (null: unknown); rough_draft transcripts are never training examples. */
    transcriptConfidence: jsonb().$type<TranscriptConfidence>(),
    transcriptionError: text(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The lease of a claimed transcription (platform/jobs.ts): while it is ahead, a process is working on it. */
    lockedUntil: timestamp({ withTimezone: true }),
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, "file_name" || ' ' || coalesce("phone_number", '')), 'A') || setweight(to_tsvector('english'::regconfig, left(coalesce("transcript_text", ''), 200000)), 'C') || ${WORKSPACE_LEXEME_SQL}`,
      ),
    createdAt: createdAt(),
    /** The request that queued this work (platform/request-context.ts): the job's log lines carry it. */
    requestId: requestIdColumn(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('recordings_user_created_idx').on(t.userId, t.createdAt.desc(), t.id),
    index('recordings_workspace_created_idx').on(t.workspaceId, t.createdAt.desc(), t.id),
    index('recordings_created_idx').on(t.createdAt.desc(), t.id),
    // Workspace analytics: the range by call time, answered from the index alone (bench/README.md).
    index('recordings_called_idx')
      .on(t.calledAt)
      .where(sql`${t.status} = 'stored'`),
    uniqueIndex('recordings_user_upload_key_idx')
      .on(t.userId, t.uploadKey)
      .where(sql`${t.uploadKey} IS NOT NULL`),
    index('recordings_transcription_queue_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'stored' AND ${t.transcriptionStatus} IN ('pending', 'processing')`),
    index('recordings_uploading_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'uploading'`),
    index('recordings_search_vector_idx').using('gin', t.searchVector),
  ],
);

/**
 * Stored recordings per user, kept by statement-level triggers (migration 0013), so the recordings list answers its
 * total without counting a user's calls (or everyone's, for the admin) per request.
 */
export const userRecordingCounts = pgTable('user_recording_counts', {
  userId: uuid().primaryKey(),
  count: integer().notNull().default(0),
});

/** Spec 001 §3 recording-contact assignment: who is on the call, and who said so. */
export const recordingContacts = pgTable(
  'recording_contacts',
  {
    recordingId: uuid()
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    contactId: uuid()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    assignedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The recorder's path of the file (spec 001 §3 recording_path); the file name here. */
    recordingPath: text(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.recordingId, t.contactId] }), index('recording_contacts_contact_idx').on(t.contactId)],
);
