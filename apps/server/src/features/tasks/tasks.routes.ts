import {
  AssignTaskBodySchema,
  BatchAssignBodySchema,
  BatchAssignResponseSchema,
  CreateTaskBodySchema,
  IdParamsSchema,
  ListTasksQuerySchema,
  TaskListSchema,
  TaskSchema,
  UpdateTaskStatusBodySchema,
  UpdateTaskStatusQuerySchema,
} from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/auth-guard';
import type { FeatureDeps } from '../../platform/deps';
import { fieldError } from '../../platform/errors';
import { sendJsonText } from '../../platform/json-text';
import { assignTask, batchAssignTasks, createTask, findTasks, getTaskById, updateTaskStatus } from './tasks.service';

const tags = ['tasks'];

export async function tasksRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  // The jobs dashboard sends PUT /tasks/:id/status?status=… and may send `Content-Type: application/json` with no
  // body; Fastify's parser rejects that. In this plugin only, an empty JSON body means "no body".
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    return parseJson(req, text, done);
  });

  api.get(
    '/tasks',
    { schema: { tags, summary: "A page of the workspace's tasks, newest first", querystring: ListTasksQuerySchema, response: { 200: TaskListSchema } } },
    async (req, reply) => sendJsonText(reply, await findTasks({ db, actor: requireActor(req), query: req.query })),
  );

  // Registered before /tasks/:id/… routes only for readability; the paths do not overlap.
  api.put(
    '/tasks/batch-assign',
    { schema: { tags, summary: 'Assign several tasks at once (all or nothing)', body: BatchAssignBodySchema, response: { 200: BatchAssignResponseSchema } } },
    async (req, reply) => {
      const result = await batchAssignTasks({ db, actor: requireActor(req), taskIds: req.body.task_ids, assignedTo: req.body.assigned_to });
      return sendJsonText(reply, `{"success":true,"updated":${result.updated},"tasks":${result.tasksJson}}`);
    },
  );

  api.get(
    '/tasks/:id',
    { schema: { tags, summary: 'One task', params: IdParamsSchema, response: { 200: TaskSchema } } },
    async (req, reply) => sendJsonText(reply, await getTaskById({ db, actor: requireActor(req), taskId: req.params.id })),
  );

  api.post(
    '/tasks',
    { schema: { tags, summary: 'Create a task (Create New Task dialog)', body: CreateTaskBodySchema, response: { 201: TaskSchema } } },
    async (req, reply) => sendJsonText(reply, await createTask({ db, actor: requireActor(req), now: deps.now(), input: req.body }), 201),
  );

  api.put(
    '/tasks/:id/status',
    {
      schema: {
        tags,
        summary: "Set a task's status (body { status } or ?status=)",
        params: IdParamsSchema,
        querystring: UpdateTaskStatusQuerySchema,
        body: UpdateTaskStatusBodySchema,
        response: { 200: TaskSchema },
      },
    },
    async (req, reply) => {
      const status = req.body?.status ?? req.query.status;
      if (!status) throw fieldError('status', 'status is required');
      return sendJsonText(reply, await updateTaskStatus({ db, actor: requireActor(req), taskId: req.params.id, status }));
    },
  );

  api.put(
    '/tasks/:id/assign',
    { schema: { tags, summary: 'Assign a task to a contact (null unassigns)', params: IdParamsSchema, body: AssignTaskBodySchema, response: { 200: TaskSchema } } },
    async (req, reply) =>
      sendJsonText(reply, await assignTask({ db, actor: requireActor(req), taskId: req.params.id, assignedTo: req.body.assigned_to })),
  );
}
