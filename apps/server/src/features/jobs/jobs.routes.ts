import {
  CreateJobBodySchema,
  CreateJobTaskBodySchema,
  IdParamsSchema,
  JobListSchema,
  JobSchema,
  ListJobsQuerySchema,
  TaskSchema,
  UpdateJobStatusBodySchema,
} from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/auth-guard';
import type { FeatureDeps } from '../../platform/deps';
import { fieldError } from '../../platform/errors';
import { createTask } from '../tasks/tasks.service';
import { createJob, findJobs, getJobById, updateJobStatus } from './jobs.service';
import { sendJsonText } from '../../platform/json-text';

const tags = ['jobs'];

export async function jobsRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  api.get(
    '/jobs',
    { schema: { tags, summary: "The workspace's jobs with tasks and documents", querystring: ListJobsQuerySchema, response: { 200: JobListSchema } } },
    async (req, reply) => sendJsonText(reply, await findJobs({ db, actor: requireActor(req), query: req.query })),
  );

  api.get(
    '/jobs/:id',
    { schema: { tags, summary: 'One job with tasks and documents', params: IdParamsSchema, response: { 200: JobSchema } } },
    async (req, reply) => sendJsonText(reply, await getJobById({ db, actor: requireActor(req), jobId: req.params.id })),
  );

  api.post(
    '/jobs',
    { schema: { tags, summary: 'Create a job (New Job form)', body: CreateJobBodySchema, response: { 201: JobSchema } } },
    async (req, reply) => sendJsonText(reply, await createJob({ db, actor: requireActor(req), input: req.body }), 201),
  );

  api.put(
    '/jobs/:id/status',
    { schema: { tags, summary: "Set a job's status", params: IdParamsSchema, body: UpdateJobStatusBodySchema, response: { 200: JobSchema } } },
    async (req, reply) =>
      sendJsonText(reply, await updateJobStatus({ db, actor: requireActor(req), jobId: req.params.id, status: req.body.status })),
  );

  api.post(
    '/jobs/:id/tasks',
    { schema: { tags, summary: 'Create a task on this job', params: IdParamsSchema, body: CreateJobTaskBodySchema, response: { 201: TaskSchema } } },
    async (req, reply) => {
      const { job_id: bodyJobId, ...input } = req.body;
      if (bodyJobId && bodyJobId !== req.params.id) throw fieldError('job_id', 'job_id does not match the job in the path');
      const body = await createTask({ db, actor: requireActor(req), now: deps.now(), input: { ...input, job_id: req.params.id } });
      return sendJsonText(reply, body, 201);
    },
  );
}
