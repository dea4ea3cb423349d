import { jobEndpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth-guard';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { createJob, findJobs, getJobById, updateJobStatus } from './jobs.service';

/** The jobs endpoints (jobEndpoints in the contract), registered in the /api scope. */
export async function jobsRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db } = deps;

  route(app, jobEndpoints.list, async ({ req, query }) => findJobs({ db, actor: requireActor(req), query }));

  route(app, jobEndpoints.get, async ({ req, params }) => getJobById({ db, actor: requireActor(req), jobId: params.id }));

  route(app, jobEndpoints.create, async ({ req, body }) => createJob({ db, actor: requireActor(req), input: body }));

  route(app, jobEndpoints.updateStatus, async ({ req, params, body }) =>
    updateJobStatus({ db, actor: requireActor(req), jobId: params.id, status: body.status }),
  );
}
