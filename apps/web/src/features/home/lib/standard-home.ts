import { cleanClientName, type Document, type HomepageData, type Job, type PhoneContact, type Task } from '@fieldbook/contract';
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
 * The Standard mode's answers (GET /api/tasks?limit=10, GET /api/jobs?exclude_status=completed&sort=due_date&limit=10,
 * GET /api/documents?limit=10) in the shape of the optimized endpoint, so both modes render through the same cards.
 */
export function toHomepageData(tasks: readonly Task[], jobs: readonly Job[], contacts: readonly PhoneContact[] = [], documents: readonly Document[] = []): HomepageData {
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
    recentDocuments: documents.slice(0, 10).map((d) => ({
      id: d.id,
      name: d.name,
      document_type: d.document_type,
      status: d.status,
      file_size: d.file_size,
      job_id: d.job_id,
      created_at: d.created_at,
    })),
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
