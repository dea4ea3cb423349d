import { cleanClientName, type HomepageData, type Job, type PhoneContact, type Task } from '@fieldbook/contract';
import { previewText } from '../../../lib/preview';

/** The two modes of the home screen (spec 001 §4). */
export type HomeMode = 'optimized' | 'standard';

/**
 * A task's heading on the home card, as the server builds it for the optimized mode: its job's title, else the
 * client name after the clean-up rule (spec 001 §5), else its own description.
 */
export function homeTaskTitle(task: Pick<Task, 'description' | 'job'>, contacts: readonly PhoneContact[] = []): string {
  const client = task.job.client_name?.trim() ? cleanClientName(task.job.client_name, contacts) : '';
  return task.job.title?.trim() || client || previewText(task.description);
}

/**
 * The Standard mode's answers (GET /api/tasks?limit=10, GET /api/jobs?exclude_status=completed&sort=due_date&limit=10)
 * in the shape of the optimized endpoint, so both modes render through the same cards. Documents have no
 * ordinary endpoint yet, so Standard shows none.
 */
export function toHomepageData(tasks: readonly Task[], jobs: readonly Job[], contacts: readonly PhoneContact[] = []): HomepageData {
  return {
    recentTasks: tasks.slice(0, 10).map((t) => ({
      id: t.id,
      title: homeTaskTitle(t, contacts),
      description: t.description,
      status: t.status,
      priority: t.priority,
      assigned_to: t.assigned_to,
      due_date: t.due_date,
      job_id: t.job_id,
      created_at: t.created_at,
    })),
    recentDocuments: [],
    activeJobs: jobs.slice(0, 10).map((j) => ({
      id: j.id,
      client_name: j.client_name,
      property_address: j.property_address,
      title: j.title,
      status: j.status,
      due_date: j.due_date,
      created_at: j.created_at,
    })),
  };
}
