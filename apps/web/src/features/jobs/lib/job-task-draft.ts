import type { TaskPriority } from '@fieldbook/contract';

/** The Add Task form on a job. */
export type JobTaskDraft = { description: string; assigneePhone: string | null; priority: TaskPriority; dueDate: string };

/** Spec 001 §5: description (after trimming) and assignee are required; priority and due date are not. */
export function canSubmitJobTask(draft: JobTaskDraft): boolean {
  return draft.description.trim().length > 0 && Boolean(draft.assigneePhone);
}
