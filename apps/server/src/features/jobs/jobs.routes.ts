import { jobEndpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { createJob, findJobs, getJobById, updateJobStatus } from './jobs.service';

/** The jobs endpoints (jobEndpoints in the contract), registered in the /api scope. */
export async function jobsRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db } = deps;

  route(app, jobEndpoints.list, async ({ actor, query }) => findJobs({ db, actor, query }));

  route(app, jobEndpoints.get, async ({ actor, params }) => getJobById({ db, actor, jobId: params.id }));

  route(app, jobEndpoints.create, async ({ actor, body }) => createJob({ db, actor, input: body }));

  route(app, jobEndpoints.updateStatus, async ({ actor, params, body }) =>
    updateJobStatus({ db, actor, jobId: params.id, status: body.status }),
  );
}
