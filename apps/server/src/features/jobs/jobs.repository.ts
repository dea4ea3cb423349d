import { JobListSchema, JobSchema, type JobStatus, type ListJobsQuery } from '@fieldbook/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { jobs } from './jobs.schema';
import { isoDate, isoTs, likePattern, pageSql, planFreeId, queryJsonText, shapedJsonText } from '../../db/sql';
import { asJsonText, type JsonText } from '../../platform/json-text';
import { workspaceCountSql } from '../../platform/workspace-counts';

/** Columns a job answer needs (never the search vector). */
const JOB_COLUMNS = sql.raw(
  'j.id, j.workspace_id, j.client_name, j.property_address, j.claim_number, j.status, j.title, j.description, j.due_date, j.metadata, j.document_types, j.created_at, j.updated_at',
);

/**
 * What a job's answer embeds from the features that own them — its tasks (the tasks feature's jobTasksJsonSql) and
 * its documents (the documents feature's jobDocumentsJsonSql) — as SQL for the job at alias `j`. Handed in by app.ts
 * (tasks and documents import the jobs feature, so it cannot import them): the page stays one statement.
 */
export type JobPageParts = {
  tasksJson: (job: { id: SQL; workspaceId: SQL }) => SQL;
  documentsJson: (job: { id: SQL; workspaceId: SQL; documentTypes: SQL }) => SQL;
};

const J = { id: sql`j.id`, workspaceId: sql`j.workspace_id`, documentTypes: sql`j.document_types` };

/** A job with its tasks and documents (JobSchema), from alias `j`. */
const jobJson = (parts: JobPageParts) => sql`json_build_object(
  'id', j.id, 'workspace_id', j.workspace_id, 'client_name', j.client_name, 'property_address', j.property_address,
  'claim_number', j.claim_number, 'status', j.status, 'title', j.title, 'description', j.description,
  'due_date', ${isoDate(sql`j.due_date`)}, 'metadata', j.metadata, 'document_types', j.document_types,
  'created_at', ${isoTs(sql`j.created_at`)}, 'updated_at', ${isoTs(sql`j.updated_at`)},
  'tasks', ${parts.tasksJson(J)},
  'documents', ${parts.documentsJson(J)})`;

/** Status values come from the contract's enum, so they are inlined: the planner can then use the partial index. */
function statusLiteral(status: JobStatus): SQL {
  return sql.raw(`'${status.replace(/'/g, "''")}'`);
}

/** Matches the list's search box: full text (english) or a substring of the trigram-indexed text. */
export function jobSearchCondition(text: string): SQL {
  return sql`(j.search_vector @@ websearch_to_tsquery('english', ${text})
    OR (coalesce(j.client_name, '') || ' ' || coalesce(j.property_address, '') || ' ' || coalesce(j.title, '') || ' ' || coalesce(j.claim_number, '')) ILIKE ${likePattern(text)})`;
}

type JobsPageSql = {
  workspaceId: string;
  status: JobStatus | undefined;
  exclude: JobStatus | undefined;
  sort: ListJobsQuery['sort'];
  page: { limit: number; offset: number };
  search: string | undefined;
  parts: JobPageParts;
};

/** One statement: the page of jobs with their tasks and documents, and the total (JobListSchema JSON text). */
function jobsPageSql({ workspaceId, status, exclude, sort, page: bounds, search, parts }: JobsPageSql): SQL {
  const where: SQL[] = [sql`j.workspace_id = ${planFreeId(workspaceId)}`];
  if (status) where.push(sql`j.status = ${statusLiteral(status)}`);
  if (exclude) where.push(sql`j.status <> ${statusLiteral(exclude)}`);
  if (search) where.push(jobSearchCondition(search));
  const whereSql = sql.join(where, sql` AND `);
  // NULLS LAST matches the indexes' order (see NEWEST_FIRST in tasks.repository.ts).
  const order = sort === 'due_date' ? sql`j.due_date ASC NULLS LAST, j.created_at DESC NULLS LAST, j.id` : sql`j.created_at DESC NULLS LAST, j.id`;

  // Totals without a text search come from the trigger-maintained counts (no scan of the workspace's jobs).
  const statusTests = [...(status ? [(c: SQL) => sql`${c} = ${statusLiteral(status)}`] : []), ...(exclude ? [(c: SQL) => sql`${c} <> ${statusLiteral(exclude)}`] : [])];
  const countStatus = statusTests.length ? (c: SQL) => sql.join(statusTests.map((test) => test(c)), sql` AND `) : undefined;
  const total = search ? sql`(SELECT count(*) FROM jobs j WHERE ${whereSql})` : workspaceCountSql({ workspaceId, entity: 'jobs', status: countStatus });

  return sql`WITH page AS (
          SELECT ${JOB_COLUMNS} FROM jobs j WHERE ${whereSql} ORDER BY ${order} ${pageSql(bounds)})
        SELECT json_build_object(
          'jobs', (SELECT coalesce(json_agg(${jobJson(parts)} ORDER BY ${order}), '[]'::json) FROM page j),
          'total', ${total}::int)::text AS body`;
}

type JobsPageShape = { status: JobStatus | null; exclude: JobStatus | null; sort: ListJobsQuery['sort']; limit: number; paged: boolean };

/** The page without a text search, its text made once per shape (db/sql.ts) — per set of parts (app.ts hands one in). */
const unsearchedJobsPages = new WeakMap<JobPageParts, (db: Db, shape: JobsPageShape, values: { workspaceId: string; offset: number }) => Promise<string | null>>();
function unsearchedJobsPage(parts: JobPageParts) {
  let run = unsearchedJobsPages.get(parts);
  if (!run) {
    run = shapedJsonText((shape: JobsPageShape, v: { workspaceId: string; offset: number }) =>
      jobsPageSql({
        workspaceId: v.workspaceId,
        status: shape.status ?? undefined,
        exclude: shape.exclude ?? undefined,
        sort: shape.sort,
        page: { limit: shape.limit, offset: shape.paged ? v.offset : 0 },
        search: undefined,
        parts,
      }),
    );
    unsearchedJobsPages.set(parts, run);
  }
  return run;
}

/** One statement: the page of jobs with their tasks and documents, and the total. Returns JobListSchema JSON text. */
export async function findJobsPageJson(opts: { db: Db; workspaceId: string; query: ListJobsQuery; parts: JobPageParts }): Promise<JsonText<typeof JobListSchema>> {
  const { db, workspaceId, query, parts } = opts;
  const status = query.status && query.status !== 'all' ? query.status : undefined;
  const exclude = query.exclude_status;
  const body = query.search
    ? await queryJsonText(db, jobsPageSql({ workspaceId, status, exclude, sort: query.sort, page: query, search: query.search, parts }))
    : await unsearchedJobsPage(parts)(
        db,
        { status: status ?? null, exclude: exclude ?? null, sort: query.sort, limit: query.limit, paged: query.offset > 0 },
        { workspaceId, offset: query.offset },
      );
  return asJsonText(JobListSchema, body ?? '{"jobs":[],"total":0}');
}

/** One job (JobSchema JSON text) of the workspace, or null. */
/**
 * Without the parts (a caller that reads only the job's own fields): tasks [] and no documents. Such an answer is not
 * the API's JobSchema answer; the endpoints always pass the parts.
 */
const NO_PARTS: JobPageParts = {
  tasksJson: () => sql`'[]'::json`,
  documentsJson: () => sql`json_build_object('needed', '[]'::json, 'created', '[]'::json, 'processed', '[]'::json)`,
};

export async function findJobJson(opts: { db: Db; workspaceId: string; jobId: string; parts?: JobPageParts }): Promise<JsonText<typeof JobSchema> | null> {
  const body = await queryJsonText(
    opts.db,
    sql`SELECT ${jobJson(opts.parts ?? NO_PARTS)}::text AS body FROM jobs j WHERE j.id = ${opts.jobId} AND j.workspace_id = ${opts.workspaceId}`,
  );
  return body === null ? null : asJsonText(JobSchema, body);
}

export async function jobExists(opts: { db: Db; workspaceId: string; jobId: string }): Promise<boolean> {
  const rows = await opts.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, opts.jobId), eq(jobs.workspaceId, opts.workspaceId)))
    .limit(1);
  return rows.length > 0;
}

export type NewJob = typeof jobs.$inferInsert;

export async function insertJob(db: Db, values: NewJob): Promise<string> {
  const [row] = await db.insert(jobs).values(values).returning({ id: jobs.id });
  return row!.id;
}

/** Sets the job's status; answers the time of the change (its updated_at), or null when the workspace has no such job. */
export async function updateJobStatusRow(opts: { db: Db | Tx; workspaceId: string; jobId: string; status: JobStatus }): Promise<Date | null> {
  const [row] = await opts.db
    .update(jobs)
    .set({ status: opts.status })
    .where(and(eq(jobs.id, opts.jobId), eq(jobs.workspaceId, opts.workspaceId)))
    .returning({ updatedAt: jobs.updatedAt });
  return row?.updatedAt ?? null;
}
