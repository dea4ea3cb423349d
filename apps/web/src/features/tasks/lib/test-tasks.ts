import type { Task } from '@fieldbook/contract';

let counter = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A task factory for the pure-logic tests: every field filled, overrides on top. */
export function makeTask(overrides: Omit<Partial<Task>, 'job'> & { job?: Partial<Task['job']> } = {}): Task {
  counter += 1;
  const jobId = overrides.job_id ?? overrides.job?.id ?? uuid(9000);
  const { job, ...rest } = overrides;
  return {
    id: uuid(counter),
    job_id: jobId,
    description: `Task ${counter}`,
    assigned_to: null,
    assignee_name: null,
    status: 'pending',
    priority: 'medium',
    due_date: null,
    document_id: null,
    group_id: null,
    created_at: `2025-03-01T10:00:${String(counter % 60).padStart(2, '0')}.000Z`,
    updated_at: '2025-03-01T10:00:00.000Z',
    ...rest,
    job: { id: jobId, client_name: 'Smith', property_address: '1 Main St', title: null, status: 'active', ...job },
  };
}

export const jobIds = { a: uuid(9001), b: uuid(9002), c: uuid(9003) };
