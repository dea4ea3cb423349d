import { DUE_DATE_BEFORE_TODAY_MESSAGE, type CreateTaskBody, type TaskPriority } from '@fieldbook/contract';
import { daysUntil } from '../../../lib/due-status';

export type CreateTaskFormValues = {
  description: string;
  jobId: string | null;
  /** The assignee's phone (digits), or null. */
  assignee: string | null;
  /** 'YYYY-MM-DD' or ''. */
  dueDate: string;
  priority: TaskPriority;
};

export function emptyCreateTaskForm(jobId: string | null = null): CreateTaskFormValues {
  return { description: '', jobId, assignee: null, dueDate: '', priority: 'medium' };
}

/** Create Task rules (spec 001 §5), checked before the request; the server checks them again. */
export function validateCreateTask(values: CreateTaskFormValues, today: Date | string = new Date()): Partial<Record<keyof CreateTaskFormValues, string>> {
  const errors: Partial<Record<keyof CreateTaskFormValues, string>> = {};
  if (!values.description.trim()) errors.description = 'Task description is required';
  if (!values.jobId) errors.jobId = 'Please select a job for this task';
  const days = daysUntil(values.dueDate, today);
  if (values.dueDate && days !== null && days < 0) errors.dueDate = DUE_DATE_BEFORE_TODAY_MESSAGE;
  return errors;
}

/** The POST /api/tasks body: empty assignee and due date are sent as null. */
export function toCreateTaskBody(values: CreateTaskFormValues): CreateTaskBody {
  return {
    description: values.description.trim(),
    job_id: values.jobId ?? '',
    assigned_to: values.assignee || null,
    due_date: values.dueDate || null,
    priority: values.priority,
  };
}

/** Server field names → form field names. */
export const CREATE_TASK_SERVER_FIELDS: Record<string, keyof CreateTaskFormValues> = {
  description: 'description',
  job_id: 'jobId',
  assigned_to: 'assignee',
  due_date: 'dueDate',
  priority: 'priority',
};
