import type { SearchNextVisit } from '@fieldbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows, shapedStatement } from '../../db/sql';

/**
 * What other features may read of the schedule's tables (docs/ARCHITECTURE.md, table ownership): SQL builders for
 * their own statements.
 */

/** How many of a job's visits its text names: the ones to come first, then the latest past ones. */
const JOB_VISITS_IN_TEXT = 8;

/**
 * SQL expression: a job's visits as a sentence for the search read model ("Scheduled visits: Tue 2026-03-10 09:00–11:00
 * (scheduled, Crew A), …", wall-clock times in `timeZone`), or NULL when it has none — so the assistant answers "when
 * is the Lopez roof scheduled?" from the job it finds. Cancelled visits are left out.
 */
export function jobVisitsTextSql(jobId: SQL, timeZone: string): SQL {
  const local = (column: string, format: string) => sql`to_char(${sql.raw(column)} AT TIME ZONE ${timeZone}::text, ${format}::text)`;
  return sql`(SELECT 'Scheduled visits: ' || string_agg(
      CASE WHEN sv.all_day THEN ${local('sv.starts_at', 'Dy YYYY-MM-DD')} || ' all day'
           ELSE ${local('sv.starts_at', 'Dy YYYY-MM-DD HH24:MI')} || '–' || ${local('sv.ends_at', 'HH24:MI')} END
      || ' (' || replace(sv.status, '_', ' ')
      || coalesce(', ' || (SELECT string_agg(c.name, ', ' ORDER BY c.name) FROM visit_crews vc JOIN crews c ON c.id = vc.crew_id WHERE vc.visit_id = sv.id), '')
      || coalesce(', arrival ' || sv.arrival_start || '–' || sv.arrival_end, '') || ')',
      '; ' ORDER BY sv.starts_at)
    FROM (SELECT * FROM visits v2 WHERE v2.job_id = ${jobId} AND v2.status <> 'cancelled'
          ORDER BY (v2.ends_at < now()), CASE WHEN v2.ends_at >= now() THEN v2.starts_at END, v2.starts_at DESC LIMIT ${JOB_VISITS_IN_TEXT}) sv)`;
}

/**
 * The next visit of each of a page of jobs (search's job hits, at most 50): the first not finished, not cancelled and
 * not yet ended, with its local date and wall-clock times in `timeZone` and its crews' names — one statement through
 * the visits' job index, never a query per job.
 */
export async function findNextVisitsOfJobs(db: Db, opts: { workspaceId: string; jobIds: readonly string[]; timeZone: string; now: Date }): Promise<Map<string, SearchNextVisit>> {
  if (opts.jobIds.length === 0) return new Map();
  const rows = await nextVisitsOfJobs(db, 'next visits', {
    workspaceId: opts.workspaceId,
    jobIds: JSON.stringify(opts.jobIds),
    timeZone: opts.timeZone,
    now: opts.now.toISOString(),
  });
  return new Map(
    rows.map(({ job_id, crews, ...visit }) => [job_id, { ...visit, crews: typeof crews === 'string' ? (JSON.parse(crews) as string[]) : crews }]),
  );
}

/** Built once (shapedStatement): a search with job hits runs it, and building it with drizzle cost ~35 µs each time (issue 37). */
const nextVisitsOfJobs = shapedStatement<'next visits', { workspaceId: string; jobIds: string; timeZone: string; now: string }, SearchNextVisit & { job_id: string; crews: string[] | string }>(
  (_shape, v) => {
    const local = (column: string) => sql`to_char(${sql.raw(column)} AT TIME ZONE ${v.timeZone}::text, 'HH24:MI')`;
    return sql`SELECT DISTINCT ON (v.job_id) v.job_id, v.id, v.local_date::text AS local_date, v.all_day,
        CASE WHEN v.all_day THEN NULL ELSE ${local('v.starts_at')} END AS start_time,
        CASE WHEN v.all_day THEN NULL ELSE ${local('v.ends_at')} END AS end_time, v.status,
        (SELECT coalesce(json_agg(c.name ORDER BY lower(c.name)), '[]'::json) FROM visit_crews vc JOIN crews c ON c.id = vc.crew_id WHERE vc.visit_id = v.id) AS crews
      FROM visits v
      WHERE v.job_id IN (SELECT jsonb_array_elements_text(${v.jobIds}::jsonb)::uuid) AND v.workspace_id = ${v.workspaceId}
        AND v.status IN ('scheduled', 'on_the_way', 'in_progress') AND v.ends_at > ${v.now}::timestamptz
      ORDER BY v.job_id, v.starts_at, v.id`;
  },
);

export type ClientVisitRow = {
  id: string;
  job_title: string | null;
  starts_at: Date | string;
  ends_at: Date | string;
  all_day: boolean;
  local_date: string;
  end_local_date: string;
  arrival_start: string | null;
  arrival_end: string | null;
  status: 'scheduled' | 'on_the_way' | 'in_progress' | 'completed' | 'cancelled';
};

/**
 * The client hub's visits (issue 36): the not-cancelled visits of `jobIds` in `workspaceId` — those still to end, soonest
 * first, and those that ended, latest first — at most `limit` of each (visits_job_idx). Another workspace's jobs find
 * nothing.
 */
export async function findClientVisits(db: Db, opts: { workspaceId: string; jobIds: readonly string[]; now: Date; limit: number }): Promise<{ upcoming: ClientVisitRow[]; past: ClientVisitRow[] }> {
  if (opts.jobIds.length === 0) return { upcoming: [], past: [] };
  const jobs = sql.join(
    opts.jobIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const now = opts.now.toISOString();
  const select = (where: SQL, order: SQL) =>
    queryRows<ClientVisitRow>(
      db,
      sql`SELECT v.id, j.title AS job_title, v.starts_at, v.ends_at, v.all_day, v.local_date::text AS local_date, v.end_local_date::text AS end_local_date,
                 v.arrival_start, v.arrival_end, v.status
          FROM visits v JOIN jobs j ON j.id = v.job_id
          WHERE v.workspace_id = ${opts.workspaceId} AND v.job_id IN (${jobs}) AND v.status <> 'cancelled' AND ${where}
          ORDER BY ${order} LIMIT ${opts.limit}`,
    );
  const [upcoming, past] = await Promise.all([
    select(sql`v.ends_at >= ${now}::timestamptz AND v.status <> 'completed'`, sql`v.starts_at, v.id`),
    select(sql`(v.ends_at < ${now}::timestamptz OR v.status = 'completed')`, sql`v.starts_at DESC, v.id`),
  ]);
  return { upcoming, past };
}
