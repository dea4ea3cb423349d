import { sql, type SQL } from 'drizzle-orm';

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
