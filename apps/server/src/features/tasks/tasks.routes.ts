import { taskEndpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { fieldError } from '../../platform/errors';
import { assignTask, batchAssignTasks, createTask, findTasks, getTaskById, setTaskGroup, updateTaskStatus } from './tasks.service';

/** The tasks endpoints (taskEndpoints in the contract), registered in the /api scope. */
export async function tasksRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db } = deps;

  route(app, taskEndpoints.list, async ({ actor, query }) => findTasks({ db, actor, query }));

  route(app, taskEndpoints.batchAssign, async ({ actor, body }) =>
    batchAssignTasks({ db, actor, taskIds: body.task_ids, assignedTo: body.assigned_to }),
  );

  route(app, taskEndpoints.get, async ({ actor, params }) => getTaskById({ db, actor, taskId: params.id }));

  route(app, taskEndpoints.create, async ({ actor, body }) => createTask({ db, actor, now: deps.now(), input: body }));

  // The Add Task modal of a job. The tasks feature owns task creation; the job check is the jobs feature's rule.
  route(app, taskEndpoints.createForJob, async ({ actor, params, body }) => {
    const { job_id: bodyJobId, ...input } = body;
    if (bodyJobId && bodyJobId !== params.id) throw fieldError('job_id', 'job_id does not match the job in the path');
    return createTask({ db, actor, now: deps.now(), input: { ...input, job_id: params.id } });
  });

  // The jobs dashboard sends ?status= and may send an empty JSON body (see the empty-body parser in app.ts).
  route(app, taskEndpoints.updateStatus, async ({ actor, params, query, body }) => {
    const status = body?.status ?? query.status;
    if (!status) throw fieldError('status', 'status is required');
    return updateTaskStatus({ db, actor, taskId: params.id, status });
  });

  route(app, taskEndpoints.setGroup, async ({ actor, params, body }) =>
    setTaskGroup({ db, actor, taskId: params.id, groupId: body.group_id }),
  );

  route(app, taskEndpoints.assign, async ({ actor, params, body }) =>
    assignTask({ db, actor, taskId: params.id, assignedTo: body.assigned_to }),
  );
}
