import { cleanClientName, formatPhoneInput, type PhoneContact, type Task } from '@fieldbook/contract';

export const UNASSIGNED_KEY = 'unassigned';

export type JobGroup = {
  jobId: string;
  /** The cleaned client name (spec 001 §5), else the job's title. */
  jobName: string;
  address: string | null;
  tasks: Task[];
  openCount: number;
};

export type AssigneeGroup = {
  /** The assignee's phone, or UNASSIGNED_KEY. */
  key: string;
  name: string;
  phone: string | null;
  jobs: JobGroup[];
  taskCount: number;
  openCount: number;
};

/** The job's display name: its cleaned client name; the title stands in when there is no client name at all. */
export function taskJobName(job: Task['job'], contacts: readonly PhoneContact[] = []): string {
  if (!job.client_name?.trim() && job.title?.trim()) return job.title.trim();
  return cleanClientName(job.client_name, contacts);
}

/** The assignee's display name: the contact's name the server resolved, else the formatted phone. */
export function assigneeName(task: Pick<Task, 'assigned_to' | 'assignee_name'>): string {
  if (!task.assigned_to) return 'Unassigned';
  return task.assignee_name?.trim() || formatPhoneInput(task.assigned_to) || task.assigned_to;
}

const STATUS_ORDER = { 'in progress': 0, pending: 1, completed: 2 } as const;

/** Open work first, then by due date (undated last), then newest. */
export function compareTasks(a: Task, b: Task): number {
  const byStatus = STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
  if (byStatus) return byStatus;
  if (a.due_date !== b.due_date) {
    if (!a.due_date) return 1;
    if (!b.due_date) return -1;
    return a.due_date < b.due_date ? -1 : 1;
  }
  return a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0;
}

/**
 * The Tasks by Assignee view (spec 001 §2): tasks grouped by assignee, then by job. Assignees are ordered by
 * name with Unassigned last; jobs by name; tasks with open work first.
 */
export function groupTasksByAssignee(tasks: readonly Task[], contacts: readonly PhoneContact[] = []): AssigneeGroup[] {
  const assignees = new Map<string, { name: string; phone: string | null; jobs: Map<string, JobGroup> }>();
  for (const task of tasks) {
    const key = task.assigned_to ?? UNASSIGNED_KEY;
    let assignee = assignees.get(key);
    if (!assignee) {
      assignee = { name: assigneeName(task), phone: task.assigned_to, jobs: new Map() };
      assignees.set(key, assignee);
    }
    let job = assignee.jobs.get(task.job_id);
    if (!job) {
      job = { jobId: task.job_id, jobName: taskJobName(task.job, contacts), address: task.job.property_address, tasks: [], openCount: 0 };
      assignee.jobs.set(task.job_id, job);
    }
    job.tasks.push(task);
    if (task.status !== 'completed') job.openCount += 1;
  }

  const groups: AssigneeGroup[] = [];
  for (const [key, a] of assignees) {
    const jobs = [...a.jobs.values()]
      .sort((x, y) => x.jobName.localeCompare(y.jobName, undefined, { sensitivity: 'base' }))
      .map((j) => ({ ...j, tasks: j.tasks.sort(compareTasks) }));
    groups.push({
      key,
      name: a.name,
      phone: a.phone,
      jobs,
      taskCount: jobs.reduce((n, j) => n + j.tasks.length, 0),
      openCount: jobs.reduce((n, j) => n + j.openCount, 0),
    });
  }
  return groups.sort((x, y) => {
    if (x.key === UNASSIGNED_KEY) return 1;
    if (y.key === UNASSIGNED_KEY) return -1;
    return x.name.localeCompare(y.name, undefined, { sensitivity: 'base' });
  });
}
