import { DEFAULT_DOCUMENT_TYPES, JobListSchema, JobSchema, type JobStatus, type ListJobsQuery } from '@fieldbook/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from './jobs.schema';
import { isoDate, isoTs, likePattern, queryJsonText } from '../../db/sql';
import { asJsonText, type JsonText } from '../../platform/json-text';

/** Columns a job answer needs (never the search vector). */
const JOB_COLUMNS = sql.raw(
  'j.id, j.workspace_id, j.client_name, j.property_address, j.claim_number, j.status, j.title, j.description, j.due_date, j.metadata, j.document_types, j.created_at, j.updated_at',
);

/**
 * A job's tasks (JobTaskSchema[], creation order, one index range per job) for the job at alias `j`. Built as
 * json_agg over rows of named columns (kept in the subquery's order) rather than json_build_object per task, whose
 * per-call, per-argument type handling made the ~100 task objects of a jobs page two thirds of its
 * statement (bench/README.md: 2.7 → 1.8 ms for the page). Same keys, same values.
 */
const jobTasksJson = sql`(SELECT coalesce(json_agg(task), '[]'::json) FROM (
    SELECT t.id, t.job_id, t.description, t.assigned_to, t.status, t.priority, ${isoDate(sql`t.due_date`)} AS due_date,
      t.document_id, t.group_id, ${isoTs(sql`t.created_at`)} AS created_at, ${isoTs(sql`t.updated_at`)} AS updated_at
    FROM tasks t WHERE t.job_id = j.id AND t.workspace_id = j.workspace_id ORDER BY t.created_at, t.id) task)`;

/** 'inspection_report' → 'Inspection Report' (as initcap(replace(type, '_', ' ')) below). */
function documentTypeName(type: string): string {
  return type.replace(/_/g, ' ').replace(/[a-z0-9]+/gi, (w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase());
}

/** The placeholder documents of the default document types, as one JSON constant (most jobs have the defaults). */
const DEFAULT_PLACEHOLDERS_JSON = JSON.stringify(
  DEFAULT_DOCUMENT_TYPES.map((type) => ({
    id: null,
    name: documentTypeName(type),
    document_type: type,
    status: 'needed',
    placeholder: true,
    file_type: null,
    file_size: null,
    created_at: null,
  })),
);

/** The placeholders of the job's own document types (a job with custom types), in their order. */
const customPlaceholdersJson = sql`(SELECT coalesce(json_agg(json_build_object(
      'id', NULL, 'name', initcap(replace(d.type, '_', ' ')), 'document_type', d.type, 'status', 'needed',
      'placeholder', true, 'file_type', NULL, 'file_size', NULL, 'created_at', NULL) ORDER BY d.n), '[]'::json)
    FROM jsonb_array_elements_text(j.document_types) WITH ORDINALITY AS d(type, n))`;

/** A document of the job as its card lists it (JobDocumentSchema), from alias `d`. */
const jobDocumentObject = sql`json_build_object('id', d.id, 'name', d.name, 'document_type', d.document_type, 'status', d.status,
  'placeholder', false, 'file_type', d.file_type, 'file_size', d.file_size, 'created_at', ${isoTs(sql`d.created_at`)})`;

/**
 * The job's documents (JobDocumentsSchema) from alias `j`, for the card's three columns (spec 001 §2, §4): created and
 * processed documents in theirs; "needed" holds the documents still processing or failed (any other status counts as
 * needed) and a placeholder for each of the job's document types that has no created or processed document yet.
 * Most jobs have no documents: one index probe (documents_job_idx) sends them to the placeholders alone — for the
 * default types a constant, since building five objects per job was a quarter of the jobs page's database time.
 */
const jobDocumentsJson = sql`CASE WHEN NOT EXISTS (SELECT 1 FROM documents d WHERE d.job_id = j.id AND d.status <> 'uploading')
  THEN json_build_object(
    'needed', CASE WHEN j.document_types = ${JSON.stringify(DEFAULT_DOCUMENT_TYPES)}::jsonb THEN ${DEFAULT_PLACEHOLDERS_JSON}::json ELSE ${customPlaceholdersJson} END,
    'created', '[]'::json,
    'processed', '[]'::json)
  ELSE (SELECT json_build_object(
    'needed', (SELECT coalesce(json_agg(x.o ORDER BY x.k, x.at), '[]'::json) FROM (
        SELECT ${jobDocumentObject} AS o, 0 AS k, d.created_at AS at FROM documents d
          WHERE d.job_id = j.id AND d.workspace_id = j.workspace_id AND d.status IN ('processing', 'failed')
        UNION ALL
        SELECT json_build_object('id', NULL, 'name', initcap(replace(t.type, '_', ' ')), 'document_type', t.type, 'status', 'needed',
            'placeholder', true, 'file_type', NULL, 'file_size', NULL, 'created_at', NULL), 1, to_timestamp(t.n)
          FROM jsonb_array_elements_text(j.document_types) WITH ORDINALITY AS t(type, n)
          WHERE NOT EXISTS (SELECT 1 FROM documents dt WHERE dt.job_id = j.id AND dt.document_type = t.type AND dt.status IN ('created', 'processed'))) x),
    'created', (SELECT coalesce(json_agg(${jobDocumentObject} ORDER BY d.created_at), '[]'::json) FROM documents d
        WHERE d.job_id = j.id AND d.workspace_id = j.workspace_id AND d.status = 'created'),
    'processed', (SELECT coalesce(json_agg(${jobDocumentObject} ORDER BY d.created_at), '[]'::json) FROM documents d
        WHERE d.job_id = j.id AND d.workspace_id = j.workspace_id AND d.status = 'processed')))
  END`;

/** A job with its tasks and documents (JobSchema), from alias `j`. */
const jobJson = sql`json_build_object(
  'id', j.id, 'workspace_id', j.workspace_id, 'client_name', j.client_name, 'property_address', j.property_address,
  'claim_number', j.claim_number, 'status', j.status, 'title', j.title, 'description', j.description,
  'due_date', ${isoDate(sql`j.due_date`)}, 'metadata', j.metadata, 'document_types', j.document_types,
  'created_at', ${isoTs(sql`j.created_at`)}, 'updated_at', ${isoTs(sql`j.updated_at`)},
  'tasks', ${jobTasksJson},
  'documents', ${jobDocumentsJson})`;

/** Status values come from the contract's enum, so they are inlined: the planner can then use the partial index. */
function statusLiteral(status: JobStatus): SQL {
  return sql.raw(`'${status.replace(/'/g, "''")}'`);
}

/** Matches the list's search box: full text (english) or a substring of the trigram-indexed text. */
export function jobSearchCondition(text: string): SQL {
  return sql`(j.search_vector @@ websearch_to_tsquery('english', ${text})
    OR (coalesce(j.client_name, '') || ' ' || coalesce(j.property_address, '') || ' ' || coalesce(j.title, '') || ' ' || coalesce(j.claim_number, '')) ILIKE ${likePattern(text)})`;
}

/** One statement: the page of jobs with their tasks and documents, and the total. Returns JobListSchema JSON text. */
export async function findJobsPageJson(opts: { db: Db; workspaceId: string; query: ListJobsQuery }): Promise<JsonText<typeof JobListSchema>> {
  const { db, workspaceId, query } = opts;
  const where: SQL[] = [sql`j.workspace_id = ${workspaceId}`];
  const status = query.status && query.status !== 'all' ? query.status : undefined;
  if (status) where.push(sql`j.status = ${statusLiteral(status)}`);
  if (query.exclude_status) where.push(sql`j.status <> ${statusLiteral(query.exclude_status)}`);
  if (query.search) where.push(jobSearchCondition(query.search));
  const whereSql = sql.join(where, sql` AND `);
  // NULLS LAST matches the indexes' order (see NEWEST_FIRST in tasks.repository.ts).
  const order =
    query.sort === 'due_date' ? sql`j.due_date ASC NULLS LAST, j.created_at DESC NULLS LAST, j.id` : sql`j.created_at DESC NULLS LAST, j.id`;

  // Totals without a text search come from the trigger-maintained counts (no scan of the workspace's jobs).
  const countWhere: SQL[] = [sql`c.workspace_id = ${workspaceId}`, sql`c.entity = 'jobs'`];
  if (status) countWhere.push(sql`c.status = ${statusLiteral(status)}`);
  if (query.exclude_status) countWhere.push(sql`c.status <> ${statusLiteral(query.exclude_status)}`);
  const total = query.search
    ? sql`(SELECT count(*) FROM jobs j WHERE ${whereSql})`
    : sql`(SELECT coalesce(sum(c.count), 0) FROM workspace_counts c WHERE ${sql.join(countWhere, sql` AND `)})`;

  const body = await queryJsonText(
    db,
    sql`WITH page AS (
          SELECT ${JOB_COLUMNS} FROM jobs j WHERE ${whereSql} ORDER BY ${order} LIMIT ${query.limit} OFFSET ${query.offset})
        SELECT json_build_object(
          'jobs', (SELECT coalesce(json_agg(${jobJson} ORDER BY ${order}), '[]'::json) FROM page j),
          'total', ${total}::int)::text AS body`,
  );
  return asJsonText(JobListSchema, body ?? '{"jobs":[],"total":0}');
}

/** One job (JobSchema JSON text) of the workspace, or null. */
export async function findJobJson(opts: { db: Db; workspaceId: string; jobId: string }): Promise<JsonText<typeof JobSchema> | null> {
  const body = await queryJsonText(
    opts.db,
    sql`SELECT ${jobJson}::text AS body FROM jobs j WHERE j.id = ${opts.jobId} AND j.workspace_id = ${opts.workspaceId}`,
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

export async function updateJobStatusRow(opts: { db: Db; workspaceId: string; jobId: string; status: JobStatus }): Promise<boolean> {
  const rows = await opts.db
    .update(jobs)
    .set({ status: opts.status })
    .where(and(eq(jobs.id, opts.jobId), eq(jobs.workspaceId, opts.workspaceId)))
    .returning({ id: jobs.id });
  return rows.length > 0;
}
