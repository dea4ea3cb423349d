import type { PhotoStage, PhotoTimeSource } from '@fieldbook/contract';
import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tsvector, updatedAt, WORKSPACE_LEXEME_SQL } from '../../db/schema/_columns';
import { users } from '../auth/auth.schema';
import { jobs } from '../jobs/jobs.schema';
import { workspaces } from '../workspaces/workspaces.schema';
import { requestIdColumn } from '../../platform/request-context';

/**
 * Where a photo is in its life:
 * - uploading: the row exists, its blob is being written (never listed; a crash here is swept);
 * - processing: stored, its thumbnail waiting or being made (the row is also the thumbnail job's entry);
 * - ready: the thumbnail is made; failed: no thumbnail (processing_error says why: over the limits, or undecodable).
 */
export type PhotoRowStatus = 'uploading' | 'processing' | 'ready' | 'failed';

/** A photo on a job (issue 35): the untouched original in the blob store, what its EXIF says, and its thumbnail. */
export const photos = pgTable(
  'photos',
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** The uploader. */
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The client's key for one photo: every try of a retried (offline) upload sends the same, and finds the stored photo. */
    uploadKey: text(),
    status: text().$type<PhotoRowStatus>().notNull(),
    /** The original's blob key: photos/<workspace>/<id>. */
    storageKey: text().notNull(),
    contentType: text().notNull(),
    byteSize: bigint({ mode: 'number' }).notNull().default(0),
    /** As displayed (EXIF orientation applied); null until known. */
    width: integer(),
    height: integer(),
    /** EXIF orientation (1–8) the thumbnail is turned by; 1 without. */
    orientation: integer().notNull().default(1),
    takenAt: timestamp({ withTimezone: true }).notNull(),
    takenAtSource: text().$type<PhotoTimeSource>().notNull().default('upload'),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    stage: text().$type<PhotoStage>().notNull().default('during'),
    caption: text().notNull().default(''),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    /** The thumbnail's blob key (photos/<workspace>/<id>.thumb.jpg) once made. */
    thumbnailKey: text(),
    processingError: text(),
    /** Vector markup over the original (arrows, shapes, strokes, text): the next part of issue 35. */
    markup: jsonb(),
    /** The thumbnail job (platform/jobs.ts): tries so far, when the next is due, the claim's lease. */
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    /**
     * The caption, with the workspace lexeme, for the global search (features/search read model). Tags stay out: every
     * text[] → text function PostgreSQL has is only stable, and a generated column needs an immutable expression.
     */
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english'::regconfig, "caption") || ${WORKSPACE_LEXEME_SQL}`),
    createdAt: createdAt(),
    /** The request that uploaded it: the thumbnail job's log lines carry it. */
    requestId: requestIdColumn(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The job's grid and the workspace's timeline: newest taken first, keyset on (taken_at, id).
    index('photos_job_taken_idx').on(t.jobId, t.takenAt.desc(), t.id.desc()),
    index('photos_workspace_taken_idx').on(t.workspaceId, t.takenAt.desc(), t.id.desc()),
    // The stage filter on a job's grid.
    index('photos_job_stage_taken_idx').on(t.jobId, t.stage, t.takenAt.desc(), t.id.desc()),
    uniqueIndex('photos_author_upload_key_idx')
      .on(t.authorId, t.uploadKey)
      .where(sql`${t.uploadKey} IS NOT NULL`),
    // The thumbnail queue: only rows still waiting.
    index('photos_queue_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'processing'`),
    // The sweeper: uploads a crash left behind.
    index('photos_uploading_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'uploading'`),
    index('photos_search_vector_idx').using('gin', t.searchVector),
    // The global search's walk of a workspace's newest rows (features/search, candidateCtes), like documents'.
    index('photos_workspace_created_idx').on(t.workspaceId, t.createdAt.desc()),
  ],
);
