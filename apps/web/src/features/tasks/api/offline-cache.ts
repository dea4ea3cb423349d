import type { Contact, Job, JobTask, Task, TaskList, TaskStatus } from '@fieldbook/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { OfflineAppliers } from '../../../lib/offline/offline-queue';
import type { QueuedWrite } from '../../../lib/offline/write-queue';
import { JOBS_QUERY_ROOT, taskKeys, type TaskBoardFilters } from './keys';

/**
 * Optimistic cache updates: the cached board pages, task details and job views changed as a write will change
 * them — for writes the offline queue holds, and for the online status change (a swipe must feel instant). The
 * refetch after the write (or the replay) brings the server's answer.
 */

type BoardPages = InfiniteData<TaskList, number>;

/** The board's cached pages with one task patched (the same pages when the task is not among them). */
export function withBoardTaskPatched(data: BoardPages | undefined, id: string, patch: Partial<Task>): BoardPages | undefined {
  if (!data?.pages.some((page) => page.tasks.some((t) => t.id === id))) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, tasks: page.tasks.map((t) => (t.id === id ? { ...t, ...patch } : t)) })) };
}

/** Every cached board page and the task's detail with one task patched. */
export function patchCachedTask(queryClient: QueryClient, id: string, patch: Partial<Task>): void {
  queryClient.setQueriesData<BoardPages>({ queryKey: taskKeys.boards() }, (data) => withBoardTaskPatched(data, id, patch));
  queryClient.setQueryData<Task>(taskKeys.detail(id), (task) => (task ? { ...task, ...patch } : task));
}

/** The board's pages with a task created offline first on the first page (boards filtered to another status keep theirs). */
export function withCreatedTask(data: BoardPages | undefined, task: Task, filters: TaskBoardFilters | undefined): BoardPages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (filters && filters.status !== 'all' && filters.status !== task.status) return data;
  // Already there (the queued creation is applied again after every fetch).
  if (data.pages.some((page) => page.tasks.some((t) => t.id === task.id))) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ tasks: [task, ...first!.tasks], total: first!.total + 1 }, ...rest.map((p) => ({ ...p, total: p.total + 1 }))] };
}

/** A job view's data (a job, a list of jobs, or pages of them) with one embedded task patched; other data as is. */
export function withJobTaskPatched(data: unknown, id: string, patch: Partial<JobTask>): unknown {
  if (!data || typeof data !== 'object') return data;
  const obj = data as Record<string, unknown>;
  if (Array.isArray(obj.pages)) {
    const pages = obj.pages.map((p) => withJobTaskPatched(p, id, patch));
    return pages.every((p, i) => p === (obj.pages as unknown[])[i]) ? data : { ...obj, pages };
  }
  if (Array.isArray(obj.jobs)) {
    const jobs = obj.jobs.map((j) => withJobTaskPatched(j, id, patch));
    return jobs.every((j, i) => j === (obj.jobs as unknown[])[i]) ? data : { ...obj, jobs };
  }
  if (Array.isArray(obj.tasks) && (obj.tasks as JobTask[]).some((t) => t?.id === id)) {
    return { ...obj, tasks: (obj.tasks as JobTask[]).map((t) => (t.id === id ? { ...t, ...patch } : t)) };
  }
  return data;
}

export function applyOfflineStatus(queryClient: QueryClient, id: string, status: TaskStatus): void {
  patchCachedTask(queryClient, id, { status });
  queryClient.setQueriesData<unknown>({ queryKey: JOBS_QUERY_ROOT }, (data: unknown) => withJobTaskPatched(data, id, { status }));
}

/** The name the board shows for a phone: the caller's contact with it, from the cached contact lists. */
function contactName(queryClient: QueryClient, phone: string | null): string | null {
  if (!phone) return null;
  for (const [, data] of queryClient.getQueriesData<{ contacts?: Contact[] }>({ queryKey: ['contacts'] })) {
    const found = data?.contacts?.find((c) => c.phone_number === phone);
    if (found) return found.name;
  }
  return null;
}

export function applyOfflineAssign(queryClient: QueryClient, id: string, assignedTo: string | null): void {
  patchCachedTask(queryClient, id, { assigned_to: assignedTo, assignee_name: contactName(queryClient, assignedTo) });
  queryClient.setQueriesData<unknown>({ queryKey: JOBS_QUERY_ROOT }, (data: unknown) => withJobTaskPatched(data, id, { assigned_to: assignedTo }));
}

/** The job summary a created task shows: from any cached task of that job or any cached job, else just its id. */
function jobSummary(queryClient: QueryClient, jobId: string): Task['job'] {
  for (const [, data] of queryClient.getQueriesData<BoardPages>({ queryKey: taskKeys.boards() })) {
    const task = data?.pages.flatMap((p) => p.tasks).find((t) => t.job_id === jobId);
    if (task) return task.job;
  }
  for (const [, data] of queryClient.getQueriesData<unknown>({ queryKey: JOBS_QUERY_ROOT })) {
    const job = findJob(data, jobId);
    if (job) return { id: job.id, client_name: job.client_name, property_address: job.property_address, title: job.title, status: job.status };
  }
  return { id: jobId, client_name: null, property_address: null, title: null, status: 'active' };
}

function findJob(data: unknown, jobId: string): Job | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const obj = data as Record<string, unknown>;
  if (Array.isArray(obj.pages)) return obj.pages.map((p) => findJob(p, jobId)).find(Boolean);
  if (Array.isArray(obj.jobs)) return (obj.jobs as Job[]).find((j) => j?.id === jobId);
  return obj.id === jobId && 'client_name' in obj ? (obj as Job) : undefined;
}

/** The task the board shows until the queue is replayed: temporary id, status pending. */
export function optimisticTask(
  queryClient: QueryClient,
  tempId: string,
  data: { description: string; job_id: string; assigned_to: string | null; due_date: string | null; priority: Task['priority']; group_id?: string | null },
  now = new Date(),
): Task {
  const at = now.toISOString();
  return {
    id: tempId,
    job_id: data.job_id,
    description: data.description,
    assigned_to: data.assigned_to,
    assignee_name: contactName(queryClient, data.assigned_to),
    status: 'pending',
    priority: data.priority,
    due_date: data.due_date,
    document_id: null,
    group_id: data.group_id ?? null,
    created_at: at,
    updated_at: at,
    job: jobSummary(queryClient, data.job_id),
  };
}

export function applyOfflineCreate(queryClient: QueryClient, task: Task): void {
  for (const [key] of queryClient.getQueriesData<BoardPages>({ queryKey: taskKeys.boards() })) {
    const filters = key[2] as TaskBoardFilters | undefined;
    queryClient.setQueryData<BoardPages>(key, (data) => withCreatedTask(data, task, filters));
  }
}

/** The task writes of the offline queue shown again on fetched data (lib/offline OfflineQueueSync). */
export const taskOfflineAppliers: OfflineAppliers = {
  'tasks.updateStatus': (queryClient, write) => {
    const { params, body } = endpointCall(write);
    const status = (body as { status?: TaskStatus } | undefined)?.status;
    if (params?.id && status) applyOfflineStatus(queryClient, params.id, status);
  },
  'tasks.assign': (queryClient, write) => {
    const { params, body } = endpointCall(write);
    if (params?.id && body && typeof body === 'object' && 'assigned_to' in body) applyOfflineAssign(queryClient, params.id, (body as { assigned_to: string | null }).assigned_to);
  },
  'tasks.create': (queryClient, write) => createdOffline(queryClient, write),
  'tasks.createForJob': (queryClient, write) => createdOffline(queryClient, write),
};

function endpointCall(write: QueuedWrite): { params?: Record<string, string>; body?: unknown } {
  return write.request.kind === 'endpoint' ? write.request : {};
}

function createdOffline(queryClient: QueryClient, write: QueuedWrite): void {
  const { params, body } = endpointCall(write);
  if (!write.tempId || !body || typeof body !== 'object') return;
  const b = body as { description: string; job_id?: string; assigned_to?: string | null; due_date?: string | null; priority?: Task['priority']; group_id?: string | null };
  const jobId = b.job_id ?? params?.id;
  if (!jobId) return;
  applyOfflineCreate(
    queryClient,
    optimisticTask(queryClient, write.tempId, { description: b.description, job_id: jobId, assigned_to: b.assigned_to ?? null, due_date: b.due_date ?? null, priority: b.priority ?? 'medium', group_id: b.group_id ?? null }, new Date(write.createdAt)),
  );
}
