import { describe, expect, it } from 'vitest';
import { batchCandidates, jobOptions } from './batch-assign';
import { isStatusFilter } from './filter-tasks';
import { jobIds, makeTask } from './test-tasks';

const tasks = [
  makeTask({ description: 'Replace shingles on north side', status: 'pending', job_id: jobIds.a, job: { client_name: 'Garcia', property_address: '12 Oak Ave' } }),
  makeTask({ description: 'Inspect gutters', status: 'in progress', assigned_to: '5551112222', assignee_name: 'Ann Roofer', job_id: jobIds.b, job: { client_name: 'Lee' } }),
  makeTask({ description: 'Final walkthrough', status: 'completed', job_id: jobIds.b, job: { client_name: 'Lee' } }),
];

describe('status filter', () => {
  it('knows its status values', () => {
    expect(isStatusFilter('in progress')).toBe(true);
    expect(isStatusFilter('done')).toBe(false);
  });
});

describe('batch assign lists', () => {
  it('filters by job and by pending / in progress / all', () => {
    expect(batchCandidates(tasks, { jobId: 'all', status: 'pending' })).toHaveLength(1);
    expect(batchCandidates(tasks, { jobId: jobIds.b, status: 'all' })).toHaveLength(2);
    expect(batchCandidates(tasks, { jobId: jobIds.b, status: 'in progress' })).toHaveLength(1);
    expect(batchCandidates(tasks, { jobId: jobIds.a, status: 'in progress' })).toHaveLength(0);
  });

  it('offers each job once, by name, with its address', () => {
    expect(jobOptions(tasks)).toEqual([
      { value: jobIds.a, label: 'Garcia — 12 Oak Ave' },
      { value: jobIds.b, label: 'Lee — 1 Main St' },
    ]);
  });
});
