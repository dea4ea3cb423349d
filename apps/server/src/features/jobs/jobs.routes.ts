import { jobEndpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import type { JobPageParts } from './jobs.repository';
import { createJob, findJobs, getJobById, updateJobStatus, type JobCompletedHook } from './jobs.service';

/**
 * What the jobs routes need besides the common deps: the tasks' and documents' parts of a job's answer, and who is told
 * of a job completed (client-messages' review request) — app.ts.
 */
export type JobsDeps = FeatureDeps & { jobParts: JobPageParts; onJobCompleted?: JobCompletedHook };

/** The jobs endpoints (jobEndpoints in the contract), registered in the /api scope. */
export async function jobsRoutes(app: FastifyInstance, deps: JobsDeps): Promise<void> {
  const { db, jobParts: parts } = deps;

  route(app, jobEndpoints.list, async ({ actor, query }) => findJobs({ db, actor, query, parts }));

  route(app, jobEndpoints.get, async ({ actor, params }) => getJobById({ db, actor, jobId: params.id, parts }));

  route(app, jobEndpoints.create, async ({ actor, body }) => createJob({ db, actor, input: body, parts }));

  route(app, jobEndpoints.updateStatus, async ({ actor, params, body }) =>
    updateJobStatus({ db, actor, jobId: params.id, status: body.status, parts, onCompleted: deps.onJobCompleted }),
  );
}
