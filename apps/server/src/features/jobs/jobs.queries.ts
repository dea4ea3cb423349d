import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { workspaceCountSql } from '../../platform/workspace-counts';
import { jobs } from './jobs.schema';

/**
 * What other features may read and change of jobs (the jobs feature owns the table: docs/ARCHITECTURE.md, table
 * ownership): documents' processing and generation, the demo seed.
 */

export type JobRecord = typeof jobs.$inferSelect;
export type NewJobRecord = typeof jobs.$inferInsert;

/** A job of the workspace, or null. */
export async function findJobRecord(db: Db | Tx, opts: { workspaceId: string; jobId: string }): Promise<JobRecord | null> {
  const [job] = await db.select().from(jobs).where(and(eq(jobs.id, opts.jobId), eq(jobs.workspaceId, opts.workspaceId))).limit(1);
  return job ?? null;
}

/** Keeps a job's line items (metadata.line_items) for its next generated document. */
export async function saveJobLineItems(db: Db | Tx, jobId: string, lineItems: unknown): Promise<void> {
  await db
    .update(jobs)
    .set({ metadata: sql`${jobs.metadata} || ${JSON.stringify({ line_items: lineItems })}::jsonb` })
    .where(eq(jobs.id, jobId));
}

/** A job a document belongs to, with the document types it expects. */
export type JobMatch = { id: string; documentTypes: string[]; claimMatched?: boolean };

/** The job of the workspace with this id, with its document types; null when there is none. */
export async function findJobDocumentTypes(db: Db, opts: { workspaceId: string; jobId: string }): Promise<JobMatch | null> {
  const [job] = await db
    .select({ id: jobs.id, documentTypes: jobs.documentTypes })
    .from(jobs)
    .where(and(eq(jobs.id, opts.jobId), eq(jobs.workspaceId, opts.workspaceId)));
  return job ?? null;
}

/** Letters and digits only, lower case: "12 Oak Ave." and "12 oak ave" are one address. */
const ADDRESS_KEY = (column: unknown) => sql`lower(regexp_replace(${column}, '[^A-Za-z0-9]+', '', 'g'))`;

/** The job of the workspace a document speaks of: by claim number, else by property address (newest first). */
export async function matchJobByClaimOrAddress(db: Db, workspaceId: string, fields: { claim_number?: string | null | undefined; property_address?: string | null | undefined }): Promise<JobMatch | null> {
  if (fields.claim_number) {
    const [job] = await db
      .select({ id: jobs.id, documentTypes: jobs.documentTypes })
      .from(jobs)
      .where(and(eq(jobs.workspaceId, workspaceId), sql`upper(${jobs.claimNumber}) = ${fields.claim_number}`))
      .orderBy(sql`${jobs.createdAt} DESC`)
      .limit(1);
    if (job) return { ...job, claimMatched: true };
  }
  const address = fields.property_address?.replace(/[^A-Za-z0-9]+/g, '').toLowerCase();
  if (address && address.length >= 6) {
    const [job] = await db
      .select({ id: jobs.id, documentTypes: jobs.documentTypes })
      .from(jobs)
      .where(
        and(
          eq(jobs.workspaceId, workspaceId),
          sql`length(${ADDRESS_KEY(jobs.propertyAddress)}) >= 6`,
          sql`(${address} LIKE ${ADDRESS_KEY(jobs.propertyAddress)} || '%' OR ${ADDRESS_KEY(jobs.propertyAddress)} LIKE ${address} || '%')`,
        ),
      )
      .orderBy(sql`${jobs.createdAt} DESC`)
      .limit(1);
    if (job) return job;
  }
  return null;
}

/** Inserts jobs (the demo seed's); returns their ids in order. */
export async function insertJobRecords(db: Db | Tx, rows: NewJobRecord[]): Promise<string[]> {
  const created = await db.insert(jobs).values(rows).returning({ id: jobs.id });
  return created.map((r) => r.id);
}

// ---- SQL builders for other features' statements (a list stays one statement) ---------------------------------

/**
 * Joins each row to its job and binds `jr`, the job's summary record (id, client_name, property_address, title,
 * status): json_agg / row_to_json of a select list with `jr AS job` gives the TaskSchema's `job` object.
 */
export function jobSummaryJoinSql(jobId: SQL): SQL {
  return sql`JOIN jobs j ON j.id = ${jobId} CROSS JOIN LATERAL (SELECT j.id, j.client_name, j.property_address, j.title, j.status) jr`;
}

/**
 * A row's job as `{ id, client_name, property_address, title }`, or null (a document's `job`): `join` goes after the
 * caller's FROM (a LEFT JOIN binding `j`) and `json` into its select list — a join, as before, not a subquery per row.
 */
export function jobRefSql(jobId: SQL): { join: SQL; json: SQL } {
  return {
    join: sql`LEFT JOIN jobs j ON j.id = ${jobId}`,
    json: sql`CASE WHEN j.id IS NULL THEN NULL ELSE json_build_object('id', j.id, 'client_name', j.client_name, 'property_address', j.property_address, 'title', j.title) END`,
  };
}

/** SQL subquery: ids of the workspace's jobs whose client name, title or address matches the LIKE `pattern` (case-insensitive). */
export function jobIdsMatchingSql(opts: { workspaceId: string; pattern: string }): SQL {
  return sql`SELECT jq.id FROM jobs jq WHERE jq.workspace_id = ${opts.workspaceId}
            AND (jq.client_name ILIKE ${opts.pattern} OR jq.title ILIKE ${opts.pattern} OR jq.property_address ILIKE ${opts.pattern})`;
}

/** SQL expression: the workspace's jobs, or those whose status passes `status`, from the trigger-kept counts. */
export function jobCountSql(workspaceId: string, status?: (status: SQL) => SQL): SQL {
  return workspaceCountSql({ workspaceId, entity: 'jobs', status });
}

/**
 * SQL subquery: the workspace's open jobs (not completed or cancelled) as rows (id, title, client_name,
 * property_address, status, created_at) — the schedule's Unscheduled tray (issue 34).
 */
export function openJobsSql(workspaceId: string): SQL {
  return sql`SELECT jo.id, jo.title, jo.client_name, jo.property_address, jo.status, jo.created_at FROM jobs jo
    WHERE jo.workspace_id = ${workspaceId} AND jo.status NOT IN ('completed', 'cancelled')`;
}

/**
 * Review requests (the client-messages feature's scan): the workspace's completed jobs after `after` in (last changed,
 * id) order, at most `limit` — the scan keeps its place by the last one's time and id (a keyset: jobs changed in the
 * same instant, as rows written in one transaction by its now(), are neither skipped nor read again). The time is
 * read to the millisecond, as the place is kept (a Date); `id: null` starts at `at` itself.
 */
export async function findJobsCompletedSince(db: Db, opts: { workspaceId: string; after: { at: Date; id: string | null }; limit: number }) {
  const changed = sql<Date>`date_trunc('milliseconds', ${jobs.updatedAt})`.mapWith(jobs.updatedAt);
  return db
    .select({ id: jobs.id, updatedAt: changed })
    .from(jobs)
    .where(
      and(
        eq(jobs.workspaceId, opts.workspaceId),
        eq(jobs.status, 'completed'),
        sql`(${changed}, ${jobs.id}) > (${opts.after.at.toISOString()}::timestamptz, ${opts.after.id ?? '00000000-0000-0000-0000-000000000000'}::uuid)`,
      ),
    )
    .orderBy(changed, jobs.id)
    .limit(opts.limit);
}
