import { type BoardVisit, JOB_VISITS_MAX, type VisitList, type VisitListItem, VISIT_CONFLICTS_MAX, JobVisitListSchema, TodaySchema, UnscheduledTraySchema, type VisitConflictSchema, VisitListSchema, type VisitSchema, UNSCHEDULED_TRAY_MAX } from '@fieldbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { isoDate, isoTs, queryJsonText, queryRows } from '../../db/sql';
import { asJsonText, type JsonText } from '../../platform/json-text';
import { jobDocumentsJsonSql } from '../documents';
import { jobSummaryJoinSql, openJobsSql } from '../jobs';
import { profileUserNameSql } from '../profiles';
import { approvedQuotesSql } from '../quotes';
import { jobTasksJsonSql } from '../tasks';

/**
 * The schedule's statements (docs/adding-a-feature.md §3): a visit, /today, the tray and the overlaps build their JSON
 * in PostgreSQL; the board reads rows and makes its JSON here (findVisitsJson says why). Each is one statement; jobs,
 * quotes, tasks, documents and names are read through their owners' SQL builders.
 */

/** A visit `v` (joined to its job by jobSummaryJoinSql, `jr`, and its series `s`) as the contract's VisitSchema. */
const visitJson = sql`json_build_object(
  'id', v.id,
  'job', json_build_object('id', jr.id, 'title', jr.title, 'client_name', jr.client_name, 'property_address', jr.property_address, 'status', jr.status),
  'starts_at', ${isoTs(sql`v.starts_at`)}, 'ends_at', ${isoTs(sql`v.ends_at`)}, 'all_day', v.all_day,
  'local_date', ${isoDate(sql`v.local_date`)}, 'end_local_date', ${isoDate(sql`v.end_local_date`)},
  'arrival_window', CASE WHEN v.arrival_start IS NULL THEN NULL ELSE json_build_object('start', v.arrival_start, 'end', v.arrival_end) END,
  'status', v.status,
  'on_the_way_at', ${isoTs(sql`v.on_the_way_at`)}, 'started_at', ${isoTs(sql`v.started_at`)},
  'completed_at', ${isoTs(sql`v.completed_at`)}, 'cancelled_at', ${isoTs(sql`v.cancelled_at`)},
  'notes', v.notes,
  'crews', (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'colour', c.colour) ORDER BY lower(c.name), c.id), '[]'::json)
            FROM visit_crews vc JOIN crews c ON c.id = vc.crew_id WHERE vc.visit_id = v.id),
  'people', (SELECT coalesce(json_agg(json_build_object('id', vp.user_id, 'name', ${profileUserNameSql(sql`vp.user_id`)}) ORDER BY vp.user_id), '[]'::json)
             FROM visit_people vp WHERE vp.visit_id = v.id),
  'recurrence', CASE WHEN s.id IS NULL THEN NULL ELSE json_build_object('series_id', s.id, 'rrule', s.rrule,
      'occurrence_date', ${isoDate(sql`v.occurrence_date`)}, 'is_exception', v.is_exception) END,
  'version', v.version,
  'created_at', ${isoTs(sql`v.created_at`)}, 'updated_at', ${isoTs(sql`v.updated_at`)})`;

const visitFrom = sql`FROM visits v ${jobSummaryJoinSql(sql`v.job_id`)} LEFT JOIN visit_series s ON s.id = v.series_id`;

/** SQL condition: visit `v` is done by `userId` — assigned to them, or to a crew they are in. */
export function visitOfPersonSql(userId: string): SQL {
  return sql`(EXISTS (SELECT 1 FROM visit_people vp WHERE vp.visit_id = v.id AND vp.user_id = ${userId})
    OR EXISTS (SELECT 1 FROM visit_crews vc JOIN crew_members cm ON cm.crew_id = vc.crew_id WHERE vc.visit_id = v.id AND cm.user_id = ${userId}))`;
}

/** One visit of the workspace as JSON text, or null. */
export async function findVisitJson(db: Db | Tx, opts: { workspaceId: string; visitId: string }): Promise<string | null> {
  return queryJsonText(db as Db, sql`SELECT ${visitJson}::text AS body ${visitFrom} WHERE v.id = ${opts.visitId} AND v.workspace_id = ${opts.workspaceId}`);
}

/** One visit as the contract's object (for answers that add to it). */
export async function findVisit(db: Db | Tx, opts: { workspaceId: string; visitId: string }): Promise<z.infer<typeof VisitSchema> | null> {
  const text = await findVisitJson(db, opts);
  return text === null ? null : (JSON.parse(text) as z.infer<typeof VisitSchema>);
}

/**
 * How far before the board's range a visit that overlaps it can start: a visit lasts at most 14 days (visits.service,
 * VISIT_TOO_LONG) — an all-day one 14 local days, which a clock change can make an hour longer — so a day more. It
 * bounds the range scan of (workspace_id, starts_at) from below: without it every board read scanned the workspace's
 * visits back to its first.
 */
const LONGEST_VISIT_MS = 15 * 86_400_000;

/** A row of the board's statement: a visit with its job's title and client, its crews' and people's ids (comma-joined). */
type BoardVisitRow = {
  id: string;
  job_id: string;
  title: string | null;
  client_name: string | null;
  starts_at: string;
  ends_at: string;
  all_day: boolean;
  local_date: string;
  end_local_date: string;
  arrival_start: string | null;
  arrival_end: string | null;
  status: BoardVisit['status'];
  crew_ids: string | null;
  person_ids: string | null;
  series_id: string | null;
  version: number;
};

/** A crew or a person the board's visits name: kind 'c' with its colour, kind 'p' (no colour). */
type BoardNameRow = { kind: 'c' | 'p'; id: string; name: string | null; colour: VisitList['crews'][number]['colour'] | null };

const ids = (joined: string | null): string[] => (joined === null ? [] : joined.split(','));

/**
 * The board: the workspace's visits overlapping [fromInstant, toInstant), by start, as VisitListSchema — each job,
 * crew and person once, the visits naming them by id. `crewId` / `userId` narrow it to a crew's or a person's visits.
 *
 * Two statements. The first reads the range's visits once (`rv`) with their job, and their crews' and people's ids,
 * aggregated once for all of them (a join and GROUP BY each, crews in name order); the second names the crews and
 * people those rows hold. The answer is made JSON here, from the rows: for a week of 1,100 visits PostgreSQL's JSON
 * functions cost more than the rest of the statement together, and every byte of a visit is paid 1,100 times a week —
 * naming each job, crew and person once and leaving out the defaults made the week 523 → 430 kB and its p95 32 → 27 ms
 * (bench/README.md, 2026-12-05). Instants and dates are still isoTs/isoDate's, as every list's.
 * A crew deleted between the two statements is left off the visits that named it (its visit_crews rows go with it).
 */
export async function findVisitsJson(
  db: Db,
  opts: { workspaceId: string; timeZone: string; from: string; to: string; fromInstant: Date; toInstant: Date; crewId?: string | undefined; userId?: string | undefined; includeCancelled: boolean },
): Promise<JsonText<typeof VisitListSchema>> {
  const filters: SQL[] = [];
  if (opts.crewId) filters.push(sql`AND EXISTS (SELECT 1 FROM visit_crews fc WHERE fc.visit_id = v.id AND fc.crew_id = ${opts.crewId})`);
  if (opts.userId) filters.push(sql`AND ${visitOfPersonSql(opts.userId)}`);
  if (!opts.includeCancelled) filters.push(sql`AND v.status <> 'cancelled'`);
  const earliestStart = new Date(opts.fromInstant.getTime() - LONGEST_VISIT_MS).toISOString();
  const rows = await queryRows<BoardVisitRow>(
    db,
    sql`WITH rv AS (
        SELECT v.id, v.job_id, v.series_id, v.starts_at, v.ends_at, v.all_day, v.local_date, v.end_local_date, v.arrival_start, v.arrival_end, v.status, v.version
        FROM visits v
        WHERE v.workspace_id = ${opts.workspaceId} AND v.starts_at < ${opts.toInstant.toISOString()}::timestamptz
          AND v.starts_at > ${earliestStart}::timestamptz AND v.ends_at > ${opts.fromInstant.toISOString()}::timestamptz
          ${sql.join(filters, sql` `)}),
      crew_lists AS (
        SELECT vc.visit_id, string_agg(c.id::text, ',' ORDER BY lower(c.name), c.id) AS crew_ids
        FROM rv JOIN visit_crews vc ON vc.visit_id = rv.id JOIN crews c ON c.id = vc.crew_id AND c.workspace_id = ${opts.workspaceId}
        GROUP BY vc.visit_id),
      people_lists AS (
        SELECT vp.visit_id, string_agg(vp.user_id::text, ',' ORDER BY vp.user_id) AS person_ids
        FROM rv JOIN visit_people vp ON vp.visit_id = rv.id
        GROUP BY vp.visit_id)
      SELECT v.id, jr.id AS job_id, jr.title, jr.client_name, ${isoTs(sql`v.starts_at`)} AS starts_at, ${isoTs(sql`v.ends_at`)} AS ends_at, v.all_day,
        ${isoDate(sql`v.local_date`)} AS local_date, ${isoDate(sql`v.end_local_date`)} AS end_local_date, v.arrival_start, v.arrival_end, v.status,
        cl.crew_ids, pl.person_ids, v.series_id, v.version
      FROM rv v ${jobSummaryJoinSql(sql`v.job_id`)}
        LEFT JOIN crew_lists cl ON cl.visit_id = v.id LEFT JOIN people_lists pl ON pl.visit_id = v.id
      ORDER BY v.starts_at, v.id`,
  );
  const jobs = new Map<string, VisitList['jobs'][number]>();
  const crewIds = new Set<string>();
  const personIds = new Set<string>();
  for (const r of rows) {
    if (!jobs.has(r.job_id)) jobs.set(r.job_id, { id: r.job_id, title: r.title, client_name: r.client_name });
    for (const id of ids(r.crew_ids)) crewIds.add(id);
    for (const id of ids(r.person_ids)) personIds.add(id);
  }
  const names =
    crewIds.size + personIds.size === 0
      ? []
      : await queryRows<BoardNameRow>(
          db,
          sql`SELECT 'c' AS kind, c.id, c.name, c.colour FROM crews c WHERE c.workspace_id = ${opts.workspaceId} AND c.id = ANY(${sql.param([...crewIds])}::uuid[])
            UNION ALL
            SELECT 'p' AS kind, u.id, ${profileUserNameSql(sql`u.id`)} AS name, NULL AS colour FROM unnest(${sql.param([...personIds])}::uuid[]) AS u(id)`,
        );
  const crews: VisitList['crews'] = [];
  const people: VisitList['people'] = [];
  for (const n of names) {
    if (n.kind === 'c') crews.push({ id: n.id, name: n.name ?? '', colour: n.colour! });
    else people.push({ id: n.id, name: n.name });
  }
  const crewFound = crews.length === crewIds.size ? null : new Set(crews.map((c) => c.id));
  // Key order and the left-out defaults as VisitListItemSchema says; built by hand, one object shape for every row.
  const visits = rows.map((r): VisitListItem => {
    const named = ids(r.crew_ids);
    const visitCrews = crewFound ? named.filter((id) => crewFound.has(id)) : named;
    const visitPeople = ids(r.person_ids);
    return {
      id: r.id,
      job_id: r.job_id,
      starts_at: r.starts_at,
      ends_at: r.ends_at,
      all_day: r.all_day ? true : undefined,
      local_date: r.local_date,
      end_local_date: r.end_local_date === r.local_date ? undefined : r.end_local_date,
      arrival_window: r.arrival_start === null || r.arrival_end === null ? undefined : { start: r.arrival_start, end: r.arrival_end },
      status: r.status,
      crew_ids: visitCrews.length > 0 ? visitCrews : undefined,
      person_ids: visitPeople.length > 0 ? visitPeople : undefined,
      series_id: r.series_id ?? undefined,
      version: r.version,
    };
  });
  return asJsonText(VisitListSchema, JSON.stringify({ time_zone: opts.timeZone, from: opts.from, to: opts.to, jobs: [...jobs.values()], crews, people, visits }));
}

/** A job's visits (cancelled too), by start, at most JOB_VISITS_MAX. */
export async function findJobVisitsJson(db: Db, opts: { workspaceId: string; jobId: string; timeZone: string }): Promise<JsonText<typeof JobVisitListSchema>> {
  const body = await queryJsonText(
    db,
    sql`SELECT json_build_object('time_zone', ${opts.timeZone}::text, 'visits', coalesce(json_agg(x.o ORDER BY x.starts_at, x.id), '[]'::json))::text AS body
      FROM (SELECT ${visitJson} AS o, v.starts_at, v.id ${visitFrom}
        WHERE v.workspace_id = ${opts.workspaceId} AND v.job_id = ${opts.jobId} ORDER BY v.starts_at, v.id LIMIT ${JOB_VISITS_MAX}) x`,
  );
  return asJsonText(JobVisitListSchema, body!);
}

/** /today: `userId`'s visits overlapping the local day, by start, with the job's tasks and document counts. */
export async function findTodayJson(db: Db, opts: { workspaceId: string; userId: string; date: string; timeZone: string; fromInstant: Date; toInstant: Date }): Promise<JsonText<typeof TodaySchema>> {
  const tasks = jobTasksJsonSql({ id: sql`j.id`, workspaceId: sql`j.workspace_id` });
  const documents = jobDocumentsJsonSql({ id: sql`j.id`, workspaceId: sql`j.workspace_id`, documentTypes: sql`j.document_types` });
  const body = await queryJsonText(
    db,
    sql`SELECT json_build_object('date', ${opts.date}::text, 'time_zone', ${opts.timeZone}::text,
        'visits', coalesce(json_agg(x.o ORDER BY x.starts_at, x.id), '[]'::json))::text AS body
      FROM (SELECT (${visitJson}::jsonb || jsonb_build_object(
          'tasks', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', t->>'id', 'description', t->'description', 'status', t->>'status')), '[]'::jsonb) FROM json_array_elements(tk.list) t),
          'tasks_count', json_array_length(tk.list),
          'open_tasks_count', (SELECT count(*) FROM json_array_elements(tk.list) t WHERE t->>'status' <> 'completed'),
          'documents_count', json_array_length(dk.docs->'created') + json_array_length(dk.docs->'processed'))) AS o,
          v.starts_at, v.id
        ${visitFrom}
        CROSS JOIN LATERAL (SELECT ${tasks} AS list) tk
        CROSS JOIN LATERAL (SELECT ${documents} AS docs) dk
        WHERE v.workspace_id = ${opts.workspaceId} AND v.status <> 'cancelled'
          AND v.starts_at < ${opts.toInstant.toISOString()}::timestamptz AND v.ends_at > ${opts.fromInstant.toISOString()}::timestamptz
          AND ${visitOfPersonSql(opts.userId)}) x`,
  );
  return asJsonText(TodaySchema, body!);
}

/**
 * The Unscheduled tray: the workspace's open jobs with no visit to come (none not cancelled ending after `now`), newest
 * first, and approved quotes whose job has none either — one statement over the jobs' and quotes' builders.
 */
export async function findUnscheduledJson(db: Db, opts: { workspaceId: string; now: Date }): Promise<JsonText<typeof UnscheduledTraySchema>> {
  const noVisitToCome = (jobId: SQL) =>
    sql`NOT EXISTS (SELECT 1 FROM visits uv WHERE uv.job_id = ${jobId} AND uv.status <> 'cancelled' AND uv.ends_at > ${opts.now.toISOString()}::timestamptz)`;
  const body = await queryJsonText(
    db,
    sql`SELECT json_build_object(
      'jobs', (SELECT coalesce(json_agg(json_build_object('id', oj.id, 'title', oj.title, 'client_name', oj.client_name, 'property_address', oj.property_address,
                 'status', oj.status, 'created_at', ${isoTs(sql`oj.created_at`)}) ORDER BY oj.created_at DESC, oj.id), '[]'::json)
               FROM (SELECT * FROM (${openJobsSql(opts.workspaceId)}) o WHERE ${noVisitToCome(sql`o.id`)} ORDER BY o.created_at DESC, o.id LIMIT ${UNSCHEDULED_TRAY_MAX}) oj),
      'approved_quotes', (SELECT coalesce(json_agg(json_build_object('id', aq.id, 'number', aq.number, 'title', aq.title, 'approved_at', ${isoTs(sql`aq.approved_at`)},
                 'job', json_build_object('id', jr.id, 'title', jr.title, 'client_name', jr.client_name, 'property_address', jr.property_address, 'status', jr.status))
                 ORDER BY aq.approved_at, aq.id), '[]'::json)
               FROM (SELECT * FROM (${approvedQuotesSql(opts.workspaceId)}) q WHERE ${noVisitToCome(sql`q.job_id`)} ORDER BY q.approved_at LIMIT ${UNSCHEDULED_TRAY_MAX}) aq
               ${jobSummaryJoinSql(sql`aq.job_id`)})
    )::text AS body`,
  );
  return asJsonText(UnscheduledTraySchema, body!);
}

export type ConflictQuery = { workspaceId: string; startsAt: Date; endsAt: Date; crewIds: string[]; userIds: string[]; exceptVisitIds: string[] };

/**
 * Other visits (not cancelled) of the workspace overlapping [startsAt, endsAt) that share a crew, or a person —
 * assigned directly or through a crew on either side.
 */
export async function findConflicts(db: Db | Tx, q: ConflictQuery): Promise<z.infer<typeof VisitConflictSchema>[]> {
  const except = q.exceptVisitIds.length ? sql`AND v.id NOT IN (SELECT jsonb_array_elements_text(${JSON.stringify(q.exceptVisitIds)}::jsonb)::uuid)` : sql``;
  return conflictsWhere(db, q, sql`v.starts_at < ${q.endsAt.toISOString()}::timestamptz AND v.ends_at > ${q.startsAt.toISOString()}::timestamptz ${except}`);
}

/** A series' occurrences: the visit rows just made, or (the check before saving) their spans, not yet rows. */
export type Occurrences = readonly string[] | readonly { startsAt: Date; endsAt: Date }[];

/**
 * The overlaps of a repeating visit's occurrences (over its horizon: at most one a day for 120 days) with other visits
 * sharing a crew or person — one statement; the series' own visits are left out. The save passes the rows it made; the
 * check before saving (POST /api/visits/conflicts) the same occurrences' spans, so both check the same way.
 */
export async function findConflictsOfVisits(
  db: Db | Tx,
  q: { workspaceId: string; visitIds: Occurrences; crewIds: string[]; userIds: string[]; exceptSeriesIds: string[] },
): Promise<z.infer<typeof VisitConflictSchema>[]> {
  if (q.visitIds.length === 0) return [];
  const made = typeof q.visitIds[0] === 'string' ? (q.visitIds as readonly string[]) : null;
  const ids = made ? sql`(SELECT jsonb_array_elements_text(${JSON.stringify(made)}::jsonb)::uuid)` : null;
  const spans = made ? [] : (q.visitIds as readonly { startsAt: Date; endsAt: Date }[]).map((o) => [o.startsAt.toISOString(), o.endsAt.toISOString()]);
  const occurrences = ids
    ? sql`(SELECT o.starts_at, o.ends_at FROM visits o WHERE o.id IN ${ids})`
    : sql`(SELECT (e->>0)::timestamptz AS starts_at, (e->>1)::timestamptz AS ends_at FROM jsonb_array_elements(${JSON.stringify(spans)}::jsonb) e)`;
  const series = sql`(SELECT jsonb_array_elements_text(${JSON.stringify(q.exceptSeriesIds)}::jsonb)::uuid)`;
  // The outer bounds first (the board's index on starts_at), then each occurrence.
  return conflictsWhere(
    db,
    q,
    sql`v.starts_at < (SELECT max(o.ends_at) FROM ${occurrences} o) AND v.ends_at > (SELECT min(o.starts_at) FROM ${occurrences} o)
      AND EXISTS (SELECT 1 FROM ${occurrences} o WHERE v.starts_at < o.ends_at AND v.ends_at > o.starts_at)
      ${ids ? sql`AND v.id NOT IN ${ids}` : sql``} AND (v.series_id IS NULL OR v.series_id NOT IN ${series})`,
  );
}

async function conflictsWhere(db: Db | Tx, q: { workspaceId: string; crewIds: string[]; userIds: string[] }, overlap: SQL): Promise<z.infer<typeof VisitConflictSchema>[]> {
  if (q.crewIds.length === 0 && q.userIds.length === 0) return [];
  const crewIds = sql`${JSON.stringify(q.crewIds)}::jsonb`;
  // The people of the new visit: assigned, and the members of its crews.
  const people = sql`(SELECT jsonb_array_elements_text(${JSON.stringify(q.userIds)}::jsonb)::uuid AS user_id
      UNION SELECT cm.user_id FROM crew_members cm WHERE cm.crew_id IN (SELECT jsonb_array_elements_text(${crewIds})::uuid))`;
  const rows = await queryRows<{ body: z.infer<typeof VisitConflictSchema> }>(
    db as Db,
    sql`SELECT json_build_object('visit_id', v.id, 'job_title', jr.title, 'client_name', jr.client_name,
        'starts_at', ${isoTs(sql`v.starts_at`)}, 'ends_at', ${isoTs(sql`v.ends_at`)}, 'all_day', v.all_day,
        'crew_ids', shared.crew_ids, 'user_ids', shared.user_ids) AS body
      FROM visits v ${jobSummaryJoinSql(sql`v.job_id`)}
      CROSS JOIN LATERAL (SELECT
        (SELECT coalesce(json_agg(vc.crew_id ORDER BY vc.crew_id), '[]'::json) FROM visit_crews vc
          WHERE vc.visit_id = v.id AND vc.crew_id IN (SELECT jsonb_array_elements_text(${crewIds})::uuid)) AS crew_ids,
        (SELECT coalesce(json_agg(p.user_id ORDER BY p.user_id), '[]'::json) FROM (
          SELECT vp.user_id FROM visit_people vp WHERE vp.visit_id = v.id
          UNION SELECT cm.user_id FROM visit_crews vc JOIN crew_members cm ON cm.crew_id = vc.crew_id WHERE vc.visit_id = v.id) p
          WHERE p.user_id IN ${people}) AS user_ids) shared
      WHERE v.workspace_id = ${q.workspaceId} AND v.status <> 'cancelled' AND ${overlap}
        AND (json_array_length(shared.crew_ids) > 0 OR json_array_length(shared.user_ids) > 0)
      ORDER BY v.starts_at, v.id LIMIT ${VISIT_CONFLICTS_MAX}`,
  );
  return rows.map((r) => (typeof r.body === 'string' ? JSON.parse(r.body) : r.body));
}
