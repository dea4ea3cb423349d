import { describe, expect, it } from 'vitest';
import { makeTask, jobIds } from '../../../test/factories';
import { assigneeName, compareTasks, groupTasksByAssignee, taskJobName, UNASSIGNED_KEY } from './group-tasks';

const ann = { assigned_to: '5551112222', assignee_name: 'Ann Roofer' };
const bob = { assigned_to: '5553334444', assignee_name: 'bob Plumber' };

describe('groupTasksByAssignee', () => {
  it('groups by assignee, then by job; Unassigned comes last, names sort case-insensitively', () => {
    const tasks = [
      makeTask({ ...bob, job_id: jobIds.a, job: { client_name: 'Zed Homes' } }),
      makeTask({ job_id: jobIds.a, job: { client_name: 'Zed Homes' } }),
      makeTask({ ...ann, job_id: jobIds.b, job: { client_name: 'Young' } }),
      makeTask({ ...ann, job_id: jobIds.a, job: { client_name: 'Zed Homes' } }),
      makeTask({ ...ann, job_id: jobIds.b, job: { client_name: 'Young' } }),
    ];
    const groups = groupTasksByAssignee(tasks);
    expect(groups.map((g) => g.name)).toEqual(['Ann Roofer', 'bob Plumber', 'Unassigned']);
    expect(groups[2]?.key).toBe(UNASSIGNED_KEY);
    const annJobs = groups[0]?.jobs ?? [];
    expect(annJobs.map((j) => [j.jobName, j.tasks.length])).toEqual([
      ['Young', 2],
      ['Zed Homes', 1],
    ]);
    expect(groups[0]?.taskCount).toBe(3);
  });

  it('counts open work and lists in-progress, then pending by due date, then completed', () => {
    const done = makeTask({ ...ann, status: 'completed', due_date: '2025-01-01' });
    const later = makeTask({ ...ann, due_date: '2025-05-01' });
    const sooner = makeTask({ ...ann, due_date: '2025-04-01' });
    const undated = makeTask({ ...ann });
    const running = makeTask({ ...ann, status: 'in progress' });
    const [group] = groupTasksByAssignee([done, later, undated, sooner, running]);
    const job = group?.jobs[0];
    expect(job?.tasks.map((t) => t.id)).toEqual([running.id, sooner.id, later.id, undated.id, done.id]);
    expect(job?.openCount).toBe(4);
    expect(group?.openCount).toBe(4);
  });

  it('cleans job names with the client-name rules, resolving phone-like names through contacts', () => {
    const tasks = [
      makeTask({ job_id: jobIds.a, job: { client_name: 'roof-estimate.pdf' } }),
      makeTask({ job_id: jobIds.b, job: { client_name: '(555) 777-8888' } }),
      makeTask({ job_id: jobIds.c, job: { client_name: null, title: 'Kitchen remodel' } }),
    ];
    const [group] = groupTasksByAssignee(tasks, [{ name: 'Carla Client', phone_number: '5557778888' }]);
    expect(group?.jobs.map((j) => j.jobName)).toEqual(['Carla Client', 'Kitchen remodel', 'Unnamed Client']);
  });

  it('returns nothing for no tasks', () => {
    expect(groupTasksByAssignee([])).toEqual([]);
  });
});

describe('assignee and job names', () => {
  it('falls back to the formatted phone when the number is not a contact', () => {
    expect(assigneeName({ assigned_to: '5559990000', assignee_name: null })).toBe('(555) 999-0000');
    expect(assigneeName({ assigned_to: null, assignee_name: null })).toBe('Unassigned');
  });

  it('phone-like client names without a contact read "Client (number)"', () => {
    expect(taskJobName({ id: jobIds.a, client_name: '5551234567', property_address: null, title: null, status: 'active' })).toBe('Client (5551234567)');
  });

  it('compareTasks puts newer first among otherwise equal tasks', () => {
    const older = makeTask({ created_at: '2025-01-01T00:00:00Z' });
    const newer = makeTask({ created_at: '2025-02-01T00:00:00Z' });
    expect([older, newer].sort(compareTasks).map((t) => t.id)).toEqual([newer.id, older.id]);
  });
});
