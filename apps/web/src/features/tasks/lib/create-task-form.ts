import { CreateJobTaskBodySchema, CreateTaskBodySchema, DUE_DATE_BEFORE_TODAY_MESSAGE, type CreateTaskBody, type TaskPriority } from '@fieldbook/contract';
import { contractValidate } from '../../../lib/contract-form';
import { daysUntil } from '../../../lib/due-status';

/**
 * Where a task is created from (spec 001 §5 has a rule set for each):
 * - 'board': Create New Task on the tasks page — the job is chosen in the form and required, the assignee is
 *   optional, and the rules are checked when the user submits;
 * - 'job': a job's Add Task — the job is given, the assignee is required, and Create Task stays disabled until
 *   the description and the assignee are there.
 */
export type TaskFormEntry = 'board' | 'job';

export type CreateTaskFormValues = {
  description: string;
  jobId: string | null;
  /** The assignee's phone (digits), or null. */
  assignee: string | null;
  /** 'YYYY-MM-DD' or ''. */
  dueDate: string;
  priority: TaskPriority;
  /** The task's group (one of the caller's groups in this workspace), or null. */
  groupId: string | null;
};

export function emptyCreateTaskForm(jobId: string | null = null): CreateTaskFormValues {
  return { description: '', jobId, assignee: null, dueDate: '', priority: 'medium', groupId: null };
}

/**
 * The rules of both entry points, checked before the request; the server checks them again. Description, job,
 * assignee phone, date and group are the contract's request schemas (POST /api/tasks, POST /api/jobs/:id/tasks) on
 * the body this form sends; two rules belong to the form: a job's Add Task needs an assignee (spec 001 §5), and the
 * due date is not before the user's today (their clock, not the server's).
 */
export function validateCreateTask(
  values: CreateTaskFormValues,
  entry: TaskFormEntry = 'board',
  today: Date | string = new Date(),
): Partial<Record<keyof CreateTaskFormValues, string>> {
  const errors = (entry === 'job' ? validateJobTaskBody : validateBoardTaskBody)(values);
  if (entry === 'job' && !values.assignee) errors.assignee ??= 'Choose who will do this task';
  const days = daysUntil(values.dueDate, today);
  if (values.dueDate && days !== null && days < 0) errors.dueDate ??= DUE_DATE_BEFORE_TODAY_MESSAGE;
  return errors;
}

/** Whether Create Task is enabled: always on the board (errors show on submit); on a job only with a description and an assignee. */
export function canSubmitCreateTask(values: CreateTaskFormValues, entry: TaskFormEntry): boolean {
  return entry === 'board' || (values.description.trim().length > 0 && Boolean(values.assignee));
}

/** The request body (POST /api/tasks, and POST /api/jobs/:id/tasks, which takes the same fields): empty assignee, due date and group are sent as null. */
export function toCreateTaskBody(values: CreateTaskFormValues): CreateTaskBody {
  return {
    description: values.description.trim(),
    job_id: values.jobId ?? '',
    assigned_to: values.assignee || null,
    due_date: values.dueDate || null,
    priority: values.priority,
    group_id: values.groupId || null,
  };
}

/** Server field names → form field names. */
export const CREATE_TASK_SERVER_FIELDS: Record<string, keyof CreateTaskFormValues> = {
  description: 'description',
  job_id: 'jobId',
  assigned_to: 'assignee',
  due_date: 'dueDate',
  priority: 'priority',
  group_id: 'groupId',
};

const validateBoardTaskBody = contractValidate(CreateTaskBodySchema, toCreateTaskBody, CREATE_TASK_SERVER_FIELDS);
const validateJobTaskBody = contractValidate(CreateJobTaskBodySchema, toCreateTaskBody, CREATE_TASK_SERVER_FIELDS);
