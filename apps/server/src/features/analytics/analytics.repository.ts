import { RecordingAnalyticsSchema } from '@fieldbook/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shapedJsonText } from '../../db/sql';
import { asJsonText, type JsonText } from '../../platform/json-text';
import { callCountsSql } from '../recordings';
import { workspaceLabelSql } from '../workspaces';

const BUCKETS = { 7: 'day', 30: 'day', 90: 'week', 365: 'month' } as const;

type AnalyticsShape = { days: 7 | 30 | 90 | 365; oneWorkspace: boolean };
type AnalyticsValues = { from: string; to: string; timeZone: string; workspaceId: string | null };

/**
 * The statement, its text made once per range and scope (db/sql.ts shapedStatement): built and rendered by drizzle at
 * every request it was most of what the app's Node CPU stood above the floor's on the 7-day range (+76 … +100 µs a
 * request in two runs, +34 after: bench/README.md, 2026-12-07 late morning, issue 37).
 */
const analyticsStatement = shapedJsonText((shape: AnalyticsShape, v: AnalyticsValues) => {
  const bucket = BUCKETS[shape.days];
  const { from, to, timeZone } = v;
  const label = workspaceLabelSql(sql`g.workspace_id`);
  return sql`WITH grouped AS MATERIALIZED (${callCountsSql({ bucket, timeZone, from, to, workspaceId: shape.oneWorkspace ? (v.workspaceId as string) : undefined })}),
        per_workspace AS (
          SELECT g.workspace_id, sum(g.n)::int AS count, sum(g.bytes)::float8 AS bytes,
                 ${label.label} AS label
          FROM grouped g ${label.join}
          GROUP BY g.workspace_id, ${label.groupBy}),
        per_bucket AS (SELECT b, sum(n)::int AS n FROM grouped GROUP BY b),
        buckets AS (
          SELECT b FROM generate_series(date_trunc(${bucket}, ${from}::timestamptz AT TIME ZONE ${timeZone}), date_trunc(${bucket}, ${to}::timestamptz AT TIME ZONE ${timeZone}), ('1 ' || ${bucket})::interval) b)
        SELECT json_build_object(
          'days', ${shape.days}::int, 'from', ${from}::text, 'to', ${to}::text, 'bucket', ${bucket}::text,
          'by_workspace', (SELECT coalesce(json_agg(json_build_object('workspace_id', workspace_id, 'label', label, 'count', count, 'bytes', bytes) ORDER BY count DESC, label), '[]'::json) FROM per_workspace),
          'direction', (SELECT json_build_object('incoming', coalesce(sum(n) FILTER (WHERE direction = 'incoming'), 0), 'outgoing', coalesce(sum(n) FILTER (WHERE direction = 'outgoing'), 0), 'unknown', coalesce(sum(n) FILTER (WHERE direction = 'unknown'), 0)) FROM grouped),
          'timeline', (SELECT json_agg(json_build_object('start', to_char(bk.b, 'YYYY-MM-DD'), 'count', coalesce(pb.n, 0)) ORDER BY bk.b)
                       FROM buckets bk LEFT JOIN per_bucket pb ON pb.b = bk.b),
          'total', (SELECT json_build_object('count', coalesce(sum(n), 0), 'bytes', coalesce(sum(bytes), 0)::float8) FROM grouped))::text AS body`;
});

/**
 * The four analytics panels in one statement, aggregated in PostgreSQL (no recording rows leave the database; one
 * pass over the range's rows, grouped by workspace, direction and bucket, then summed per panel):
 * recordings of calls made in the last `days` days up to `now` — the call's time (recorded_at, from the file name or
 * the upload) where known, else when it was stored: a call uploaded late still counts on its day — (all workspaces, or one), per workspace with their bytes,
 * by call direction, and per day/week/month bucket — every bucket of the range, empty ones 0. Buckets are days of
 * `timeZone` (the viewer's): an evening call in Chicago is on its Chicago day, not the next UTC one.
 */
export async function recordingAnalyticsJson(
  db: Db,
  opts: { days: 7 | 30 | 90 | 365; workspaceId: string | undefined; timeZone: string; now: Date },
): Promise<JsonText<typeof RecordingAnalyticsSchema>> {
  const to = opts.now.toISOString();
  const from = new Date(opts.now.getTime() - opts.days * 86_400_000).toISOString();
  const body = await analyticsStatement(db, { days: opts.days, oneWorkspace: opts.workspaceId !== undefined }, { from, to, timeZone: opts.timeZone, workspaceId: opts.workspaceId ?? null });
  return asJsonText(RecordingAnalyticsSchema, body!);
}
