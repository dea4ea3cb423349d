import { z } from 'zod';
import { IdParamsSchema, pageQueryShape } from './common';
import { defineEndpoint } from './endpoint';
import { JobTaskSchema } from './jobs';
import { INVALID_PHONE_MESSAGE, nationalPhone } from './rules';
import { JobStatusSchema, OptionalDateSchema, OptionalFilterTextSchema, TaskPrioritySchema, TaskStatusSchema } from './work-enums';

/**
 * An assignee: a contact's phone, stored as 10 digits; null, '' or 'unassigned' = unassigned.
 * Formatting and a leading +1 are stripped ("(555) 123-4567", "+15551234567" → "5551234567").
 */
export const AssigneeSchema = z
  .union([z.string().trim().max(40), z.null()])
  .transform((v, ctx) => {
    if (v === null || v === '' || v.toLowerCase() === 'unassigned') return null;
    const phone = nationalPhone(v);
    if (phone) return phone;
    ctx.addIssue({ code: 'custom', message: INVALID_PHONE_MESSAGE });
    return z.NEVER;
  });

/** The job a task belongs to, as task lists show it. */
export const TaskJobSummarySchema = z.object({
  id: z.uuid(),
  client_name: z.string().nullable(),
  property_address: z.string().nullable(),
  title: z.string().nullable(),
  status: JobStatusSchema,
});
export type TaskJobSummary = z.infer<typeof TaskJobSummarySchema>;

/**
 * A task (GET /api/tasks, GET /api/tasks/:id, and every task mutation's answer).
 * assignee_name: the caller's contact with that phone (raw, digits, +1), else null.
 */
export const TaskSchema = JobTaskSchema.extend({
  assignee_name: z.string().nullable(),
  job: TaskJobSummarySchema,
});
export type Task = z.infer<typeof TaskSchema>;

/** GET /api/tasks. */
export const TaskListSchema = z.object({ tasks: z.array(TaskSchema), total: z.number().int() });
export type TaskList = z.infer<typeof TaskListSchema>;

/** The Tasks page's page size (Load More Tasks adds another), and GET /api/tasks' default limit. */
export const TASKS_PAGE_SIZE = 50;

/**
 * GET /api/tasks query: newest first, limit default TASKS_PAGE_SIZE, max 500.
 * assigned_to: a phone (any formatting) or 'unassigned'.
 * q: the Tasks page's text filter — every word (case-insensitive) must appear in the task's description, its job's
 * client name, title or address, or its assignee's phone or name (the caller's contacts).
 */
export const ListTasksQuerySchema = z.object({
  ...pageQueryShape({ defaultLimit: TASKS_PAGE_SIZE, maxLimit: 500, maxOffset: 10_000_000 }),
  status: z.union([TaskStatusSchema, z.literal('all')]).optional(),
  job_id: z.uuid().optional(),
  /** Tasks of one group (the fast dashboard's group chip opens /tasks with it). */
  group_id: z.uuid().optional(),
  /** One assignee's tasks (any phone formatting), or 'unassigned'. */
  assigned_to: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      if (v.toLowerCase() === 'unassigned') return 'unassigned' as const;
      const phone = nationalPhone(v);
      if (phone) return phone;
      ctx.addIssue({ code: 'custom', message: INVALID_PHONE_MESSAGE });
      return z.NEVER;
    }),
  q: OptionalFilterTextSchema,
});
export type ListTasksQuery = z.infer<typeof ListTasksQuerySchema>;

/**
 * A task's group (spec 001: dashboard tasks carry group_id and the group's name): one of the task's workspace the
 * caller created or belongs to, else 400 on group_id. null (or '') = no group.
 */
export const TaskGroupIdSchema = z
  .union([z.literal(''), z.uuid({ error: 'Please select a valid group' }), z.null()])
  .optional()
  .transform((v) => v || null);
export const TASK_GROUP_NOT_ALLOWED_MESSAGE = 'You can only use a group of this workspace that you belong to';

const TaskDescriptionSchema = z.string({ error: 'Task description is required' }).trim().min(1, 'Task description is required').max(5000);

/**
 * POST /api/tasks (Create New Task dialog). The server also rejects a due date before today
 * ('Due date cannot be before today', checked with the server clock, UTC calendar date).
 */
export const CreateTaskBodySchema = z.object({
  description: TaskDescriptionSchema,
  job_id: z.uuid({ error: 'Please select a job for this task' }),
  assigned_to: AssigneeSchema.optional().transform((v) => v ?? null),
  due_date: OptionalDateSchema,
  priority: TaskPrioritySchema.default('medium'),
  group_id: TaskGroupIdSchema,
});
export type CreateTaskBody = z.input<typeof CreateTaskBodySchema>;

/** POST /api/jobs/:id/tasks. job_id in the body is optional; when sent it must equal the path's id. */
export const CreateJobTaskBodySchema = z.object({
  description: TaskDescriptionSchema,
  job_id: z.uuid({ error: 'Please select a job for this task' }).optional(),
  assigned_to: AssigneeSchema.optional().transform((v) => v ?? null),
  due_date: OptionalDateSchema,
  priority: TaskPrioritySchema.default('medium'),
  group_id: TaskGroupIdSchema,
});
export type CreateJobTaskBody = z.input<typeof CreateJobTaskBodySchema>;

export const DUE_DATE_BEFORE_TODAY_MESSAGE = 'Due date cannot be before today';

/** PUT /api/tasks/:id/status: body { status } — or the query ?status= (the jobs dashboard sends it that way). */
export const UpdateTaskStatusBodySchema = z.object({ status: TaskStatusSchema }).partial().nullish();
export const UpdateTaskStatusQuerySchema = z.object({ status: TaskStatusSchema.optional() });
export type UpdateTaskStatusBody = { status: z.infer<typeof TaskStatusSchema> };

/** PUT /api/tasks/:id/assign. null (or '') unassigns. */
export const AssignTaskBodySchema = z.object({ assigned_to: AssigneeSchema });
export type AssignTaskBody = z.input<typeof AssignTaskBodySchema>;

/** PUT /api/tasks/:id/group: put the task in a group (one of its workspace the caller belongs to), or null for none. */
export const SetTaskGroupBodySchema = z.object({ group_id: z.union([z.uuid({ error: 'Please select a valid group' }), z.null()], { error: 'group_id is required (null for no group)' }) });
export type SetTaskGroupBody = z.input<typeof SetTaskGroupBodySchema>;

/** PUT /api/tasks/batch-assign: all or nothing — every id must be a task of the caller's workspace, else 404. */
/** One batch assigns at most this many tasks. */
export const BATCH_ASSIGN_MAX = 500;

export const BatchAssignBodySchema = z.object({
  task_ids: z.array(z.uuid()).min(1, 'Select at least one task').max(BATCH_ASSIGN_MAX),
  assigned_to: AssigneeSchema,
});
export type BatchAssignBody = z.input<typeof BatchAssignBodySchema>;

export const BatchAssignResponseSchema = z.object({ success: z.literal(true), updated: z.number().int(), tasks: z.array(TaskSchema) });
export type BatchAssignResponse = z.infer<typeof BatchAssignResponseSchema>;

const taskTags = ['tasks'];

/** The tasks endpoints (spec 001 §7). */
export const taskEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/tasks',
    access: 'workspace',
    summary: "A page of the workspace's tasks, newest first",
    tags: taskTags,
    query: ListTasksQuerySchema,
    response: TaskListSchema,
  }),
  batchAssign: defineEndpoint({
    method: 'PUT',
    path: '/api/tasks/batch-assign',
    access: 'workspace',
    summary: 'Assign several tasks at once (all or nothing)',
    tags: taskTags,
    body: BatchAssignBodySchema,
    response: BatchAssignResponseSchema,
  }),
  get: defineEndpoint({ method: 'GET', path: '/api/tasks/:id', access: 'workspace', summary: 'One task', tags: taskTags, params: IdParamsSchema, response: TaskSchema }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/tasks',
    access: 'workspace',
    offlineQueued: true,
    summary: 'Create a task (Create New Task dialog)',
    tags: taskTags,
    body: CreateTaskBodySchema,
    status: 201,
    response: TaskSchema,
  }),
  createForJob: defineEndpoint({
    method: 'POST',
    path: '/api/jobs/:id/tasks',
    access: 'workspace',
    offlineQueued: true,
    summary: 'Create a task on this job (Add Task modal)',
    tags: taskTags,
    params: IdParamsSchema,
    body: CreateJobTaskBodySchema,
    status: 201,
    response: TaskSchema,
  }),
  updateStatus: defineEndpoint({
    method: 'PUT',
    path: '/api/tasks/:id/status',
    access: 'workspace',
    offlineQueued: true,
    summary: "Set a task's status (body { status } or ?status=)",
    tags: taskTags,
    params: IdParamsSchema,
    query: UpdateTaskStatusQuerySchema,
    body: UpdateTaskStatusBodySchema,
    response: TaskSchema,
  }),
  setGroup: defineEndpoint({
    method: 'PUT',
    path: '/api/tasks/:id/group',
    access: 'workspace',
    summary: 'Put a task in a group of its workspace (null: no group)',
    tags: taskTags,
    params: IdParamsSchema,
    body: SetTaskGroupBodySchema,
    response: TaskSchema,
  }),
  assign: defineEndpoint({
    method: 'PUT',
    path: '/api/tasks/:id/assign',
    access: 'workspace',
    offlineQueued: true,
    summary: 'Assign a task to a contact (null unassigns)',
    tags: taskTags,
    params: IdParamsSchema,
    body: AssignTaskBodySchema,
    response: TaskSchema,
  }),
};
