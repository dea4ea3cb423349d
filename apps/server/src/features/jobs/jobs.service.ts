import { DEFAULT_DOCUMENT_TYPES, type CreateJobBodySchema, type JobListSchema, type JobSchema, type JobStatus, type ListJobsQuery } from '@fieldbook/contract';
import type { JsonText } from '../../platform/json-text';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../platform/auth-guard';
import { requireWorkspace } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { findJobJson, findJobsPageJson, insertJob, jobExists, updateJobStatusRow, type JobPageParts } from './jobs.repository';

/** Jobs belong to the caller's workspace (design.md §4); another workspace's job is "not found". */
export const JOB_NOT_FOUND = 'Job not found';

export async function findJobs(opts: { db: Db; actor: Actor; query: ListJobsQuery; parts: JobPageParts }): Promise<JsonText<typeof JobListSchema>> {
  const workspaceId = requireWorkspace(opts.actor);
  return findJobsPageJson({ db: opts.db, workspaceId, query: opts.query, parts: opts.parts });
}

export async function getJobById(opts: { db: Db; actor: Actor; jobId: string; parts: JobPageParts }): Promise<JsonText<typeof JobSchema>> {
  const workspaceId = requireWorkspace(opts.actor);
  const body = await findJobJson({ db: opts.db, workspaceId, jobId: opts.jobId, parts: opts.parts });
  if (!body) throw new AppError('NOT_FOUND', JOB_NOT_FOUND);
  return body;
}

/** Throws 404 unless the job is in the caller's workspace (used by tasks before writing). */
export async function assertJobInWorkspace(opts: { db: Db; workspaceId: string; jobId: string }): Promise<void> {
  if (!(await jobExists(opts))) throw new AppError('NOT_FOUND', JOB_NOT_FOUND);
}

export async function createJob(opts: { db: Db; actor: Actor; input: z.output<typeof CreateJobBodySchema>; parts: JobPageParts }): Promise<JsonText<typeof JobSchema>> {
  const workspaceId = requireWorkspace(opts.actor);
  const { input } = opts;
  const id = await insertJob(opts.db, {
    workspaceId,
    createdBy: opts.actor.userId,
    clientName: input.client_name,
    propertyAddress: input.property_address,
    claimNumber: input.claim_number,
    title: input.title,
    description: input.description,
    dueDate: input.due_date ?? null,
    status: input.status,
    metadata: input.metadata ?? {},
    documentTypes: input.document_types?.length ? [...new Set(input.document_types)] : [...DEFAULT_DOCUMENT_TYPES],
  });
  return getJobById({ db: opts.db, actor: opts.actor, jobId: id, parts: opts.parts });
}

/**
 * Told of a job set to completed, in the transaction of the change: the client-messages feature's review request
 * (app.ts hands it in — that feature imports this one, so this one cannot import it).
 */
export type JobCompletedHook = (tx: Tx, job: { workspaceId: string; jobId: string; completedAt: Date }) => Promise<void>;

export async function updateJobStatus(opts: {
  db: Db;
  actor: Actor;
  jobId: string;
  status: JobStatus;
  parts: JobPageParts;
  onCompleted?: JobCompletedHook | undefined;
}): Promise<JsonText<typeof JobSchema>> {
  const workspaceId = requireWorkspace(opts.actor);
  await opts.db.transaction(async (tx) => {
    const changedAt = await updateJobStatusRow({ db: tx, workspaceId, jobId: opts.jobId, status: opts.status });
    if (!changedAt) throw new AppError('NOT_FOUND', JOB_NOT_FOUND);
    if (opts.status === 'completed') await opts.onCompleted?.(tx, { workspaceId, jobId: opts.jobId, completedAt: changedAt });
  });
  return getJobById(opts);
}
