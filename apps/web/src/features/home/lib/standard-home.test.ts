import type { Job, Task } from '@fieldbook/contract';
import { describe, expect, it } from 'vitest';
import { makeTask } from '../../../test/factories';
import { homeTaskTitle, toHomepageData } from './standard-home';

const JOB_ID = '6f1c1d1e-0000-4000-8000-000000000001';

function task(n: number, job: Partial<Task['job']> = {}): Task {
  return makeTask({
    id: `6f1c1d1e-0000-4000-8000-${String(100 + n).padStart(12, '0')}`,
    job_id: JOB_ID,
    description: `Task ${n}`,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    job: { id: JOB_ID, client_name: 'Ana Ruiz', property_address: null, title: 'Deck rebuild', status: 'active', ...job },
  });
}

function job(n: number): Job {
  return {
    id: `6f1c1d1e-0000-4000-8000-${String(500 + n).padStart(12, '0')}`,
    workspace_id: '6f1c1d1e-0000-4000-8000-000000000999',
    client_name: `Client ${n}`,
    property_address: `${n} Elm St`,
    claim_number: null,
    status: 'active',
    title: null,
    description: null,
    due_date: '2026-12-01',
    metadata: {},
    document_types: [],
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    tasks: [],
    documents: { needed: [], created: [], processed: [] },
  };
}

describe('homeTaskTitle', () => {
  it("uses the job's title, else its client, else the description", () => {
    expect(homeTaskTitle(task(1))).toBe('Deck rebuild');
    expect(homeTaskTitle(task(1, { title: '  ' }))).toBe('Ana Ruiz');
    expect(homeTaskTitle(task(1, { title: null, client_name: null }))).toBe('Task 1');
    // The client-name clean-up, as on the optimized path: files and documents, and phones through the contacts.
    expect(homeTaskTitle(task(1, { title: null, client_name: 'final_report.pdf' }))).toBe('Unnamed Client');
    expect(homeTaskTitle(task(1, { title: null, client_name: 'Apex Contractors Inc' }))).toBe('Apex Contractors Inc');
    expect(homeTaskTitle(task(1, { title: null, client_name: '(512) 777-8888' }), [{ name: 'Olga Owner', phone_number: '5127778888' }])).toBe('Olga Owner');
  });
});

describe('toHomepageData', () => {
  it('maps the ordinary lists into the home cards, 10 each', () => {
    const data = toHomepageData(
      Array.from({ length: 12 }, (_, i) => task(i)),
      Array.from({ length: 11 }, (_, i) => job(i)),
    );
    expect(data.recentTasks).toHaveLength(10);
    expect(data.activeJobs).toHaveLength(10);
    expect(data.recentDocuments).toEqual([]);
    expect(data.recentTasks[0]).toEqual({
      id: task(0).id,
      title: 'Deck rebuild',
      description: 'Task 0',
      status: 'pending',
      priority: 'medium',
      assigned_to: null,
      due_date: null,
      job_id: JOB_ID,
      created_at: '2026-11-20T10:00:00.000Z',
    });
    expect(data.activeJobs[3]).toMatchObject({ client_name: 'Client 3', property_address: '3 Elm St', status: 'active', due_date: '2026-12-01' });
  });
});
