import { RecordingDetailSchema, RecordingListSchema, type ListRecordingsQuery } from '@fieldbook/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userEmailSql } from '../auth';
import { linkedContactsJsonSql } from '../contacts';
import { profileUserNameSql } from '../profiles';
import { recordings } from './recordings.schema';
import { isoTs, pageSql, planFreeId, queryJsonText, shapedJsonText } from '../../db/sql';
import { asJsonText, type JsonText } from '../../platform/json-text';

export type RecordingRow = typeof recordings.$inferSelect;

const jsonTs = (column: SQL) => sql`CASE WHEN ${column} IS NULL THEN NULL ELSE ${isoTs(column)} END`;

/**
 * The one projection of RecordingSchema over `recordings r`, with the owner's name (the profiles and auth features'
 * builders) and the assigned contacts (the contacts feature's).
 */
const RECORDING_JSON = sql`json_build_object(
  'id', r.id, 'workspace_id', r.workspace_id, 'user_id', r.user_id,
  'user_name', coalesce(${profileUserNameSql(sql`r.user_id`)}, ${userEmailSql(sql`r.user_id`)}),
  'group_id', r.group_id, 'name', r.file_name, 'file_type', r.file_type, 'mime_type', r.mime_type, 'size', r.file_size,
  'duration_seconds', r.duration_seconds, 'direction', r.direction, 'phone_number', r.phone_number,
  'recorded_at', ${jsonTs(sql`r.recorded_at`)}, 'file_user_id', r.file_user_id,
  'contacts', ${linkedContactsJsonSql({ from: sql`recording_contacts rc`, contactId: sql`rc.contact_id`, where: sql`rc.recording_id = r.id`, extra: { assigned_by: sql`rc.assigned_by` } })},
  'transcription_status', r.transcription_status, 'transcription_error', r.transcription_error, 'transcript_engine', r.transcript_engine,
  'transcript_confidence', r.transcript_confidence,
  'created_at', ${isoTs(sql`r.created_at`)}, 'updated_at', ${isoTs(sql`r.updated_at`)})`;

const PAGE_COLUMNS = sql`r.id, r.workspace_id, r.user_id, r.group_id, r.file_name, r.file_type, r.mime_type, r.file_size, r.duration_seconds,
  r.direction, r.phone_number, r.recorded_at, r.file_user_id, r.transcription_status, r.transcription_error, r.transcript_engine, r.transcript_confidence, r.created_at, r.updated_at`;
const NEWEST_FIRST = sql`r.created_at DESC NULLS LAST, r.id`;

/**
 * SQL subquery for the analytics feature: the stored calls made in (from, to] (called_at: the call's time where known,
 * else when it was stored), of one workspace or all, grouped by workspace, direction and `bucket` (day/week/month of
 * `timeZone`) — rows (workspace_id, direction, b, n, bytes). One pass over the range's rows; no recording leaves the
 * database.
 */
export function callCountsSql(opts: { bucket: string; timeZone: string; from: string; to: string; workspaceId: string | undefined }): SQL {
  const workspace = opts.workspaceId ? sql`AND r.workspace_id = ${opts.workspaceId}` : sql``;
  return sql`SELECT r.workspace_id, r.direction, date_trunc(${opts.bucket}, r.called_at AT TIME ZONE ${opts.timeZone}) AS b, count(*)::int AS n, coalesce(sum(r.file_size), 0)::float8 AS bytes
          FROM recordings r
          WHERE r.status = 'stored' AND r.called_at > ${opts.from}::timestamptz AND r.called_at <= ${opts.to}::timestamptz ${workspace}
          GROUP BY 1, 2, 3`;
}

/** Whose recordings a caller sees: their own; the system admin everyone's, or one user's. */
export type RecordingScope = { userId: string } | { all: true; userId?: string | undefined };

function scopeCondition(scope: RecordingScope): SQL {
  return 'all' in scope ? (scope.userId ? sql`r.user_id = ${planFreeId(scope.userId)}` : sql`true`) : sql`r.user_id = ${planFreeId(scope.userId)}`;
}

/** The total from user_recording_counts (triggers, migration 0013): no count of the user's (or everyone's) calls. */
function totalOf(scope: RecordingScope): SQL {
  const user = 'all' in scope ? scope.userId : scope.userId;
  return user
    ? sql`(SELECT coalesce(sum(c.count), 0) FROM user_recording_counts c WHERE c.user_id = ${user})::int`
    : sql`(SELECT coalesce(sum(c.count), 0) FROM user_recording_counts c)::int`;
}

/** The page's statement, its text made once per shape (db/sql.ts): whose calls (all, one user's) and the page size. */
const recordingsPage = shapedJsonText((shape: { all: boolean; user: boolean; limit: number; paged: boolean }, v: { userId: string | null; offset: number }) => {
  const scope: RecordingScope = shape.all ? { all: true, userId: shape.user ? (v.userId as string) : undefined } : { userId: v.userId as string };
  const where = sql`${scopeCondition(scope)} AND r.status = 'stored'`;
  return sql`WITH page AS (SELECT ${PAGE_COLUMNS} FROM recordings r WHERE ${where} ORDER BY ${NEWEST_FIRST} ${pageSql({ limit: shape.limit, offset: shape.paged ? v.offset : 0 })})
        SELECT json_build_object(
          'recordings', (SELECT coalesce(json_agg(${RECORDING_JSON} ORDER BY ${NEWEST_FIRST}), '[]'::json) FROM page r),
          'total', ${totalOf(scope)})::text AS body`;
});

/** A page of stored recordings, newest first, with the total. */
export async function findRecordingsPageJson(db: Db, scope: RecordingScope, query: ListRecordingsQuery): Promise<JsonText<typeof RecordingListSchema>> {
  const all = 'all' in scope;
  const userId = scope.userId ?? null;
  const body = await recordingsPage(db, { all, user: userId !== null, limit: query.limit, paged: query.offset > 0 }, { userId, offset: query.offset });
  return asJsonText(RecordingListSchema, body ?? '{"recordings":[],"total":0}');
}

/** One stored recording with its transcript, as JSON text. */
export async function findRecordingJson(db: Db, id: string): Promise<JsonText<typeof RecordingDetailSchema> | null> {
  const body = await queryJsonText(
    db,
    sql`SELECT (${RECORDING_JSON}::jsonb || jsonb_build_object('transcript',
              CASE WHEN r.transcript_text IS NULL THEN NULL ELSE jsonb_build_object('text', r.transcript_text, 'segments', coalesce(r.transcript_segments, '[]'::jsonb)) END))::text AS body
        FROM recordings r WHERE r.id = ${id} AND r.status = 'stored'`,
  );
  return body === null ? null : asJsonText(RecordingDetailSchema, body);
}

export async function findRecordingRow(db: Db, id: string): Promise<RecordingRow | null> {
  const [row] = await db
    .select()
    .from(recordings)
    .where(and(eq(recordings.id, id), eq(recordings.status, 'stored')));
  return row ?? null;
}
