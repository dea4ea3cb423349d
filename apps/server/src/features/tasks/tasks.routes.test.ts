import { BatchAssignResponseSchema, TASKS_PAGE_SIZE, TaskJobSummarySchema, TaskListSchema, TaskSchema } from '@fieldbook/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../db/schema';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { insertContact, insertGroup, insertJob, insertTask } from '../../test/factories';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser; // alice's workspace
let eve: TestUser; // another workspace
let jobId: string;
let eveJobId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createTestUser(ctx);
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId });
  eve = await createTestUser(ctx);
  jobId = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, title: 'Roof job', clientName: 'Acme' })).id;
  eveJobId = (await insertJob(ctx.db, { workspaceId: eve.workspaceId! })).id;
});
afterAll(() => ctx.close());

const ws = () => alice.workspaceId!;
// createTestApp uses the real clock, so due dates are relative to today (the rule itself: tasks.service.test.ts).
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('GET /api/tasks', () => {
  it('answers 401 anonymous', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/tasks' })).statusCode).toBe(401);
  });

  it('pages the workspace’s tasks newest first with job and assignee name, and filters', async () => {
    const job2 = await insertJob(ctx.db, { workspaceId: ws(), clientName: 'Beta' });
    await insertContact(ctx.db, { ownerId: alice.id, name: 'Carla Crew', phoneNumber: '5550001111' });
    const t1 = await insertTask(ctx.db, { workspaceId: ws(), jobId, description: 'Tear off shingles', assignedTo: '5550001111', createdAt: new Date('2025-01-01T00:00:00Z') });
    const t2 = await insertTask(ctx.db, { workspaceId: ws(), jobId: job2.id, description: 'Fix plumbing leak', status: 'completed', createdAt: new Date('2025-01-02T00:00:00Z') });
    const t3 = await insertTask(ctx.db, { workspaceId: ws(), jobId, description: 'Order gutters', assignedTo: '+1 (555) 000-1111', status: 'in progress', createdAt: new Date('2025-01-03T00:00:00Z') });
    await insertTask(ctx.db, { workspaceId: eve.workspaceId!, jobId: eveJobId, description: 'Eve task' });

    const allRes = await ctx.app.inject({ method: 'GET', url: '/api/tasks', headers: alice.headers });
    const all = TaskListSchema.parse(allRes.json());
    // Exactly the contract's keys, the job summary included (the raw answer: zod would strip extras).
    const rawTask = (allRes.json() as { tasks: Array<Record<string, unknown>> }).tasks[2]!;
    expect(Object.keys(rawTask).sort()).toEqual(Object.keys(TaskSchema.shape).sort());
    expect(Object.keys(rawTask.job as object).sort()).toEqual(Object.keys(TaskJobSummarySchema.shape).sort());
    expect(rawTask).toMatchObject({ created_at: '2025-01-01T00:00:00.000Z', due_date: null });
    expect(all.total).toBe(3);
    expect(all.tasks.map((t) => t.id)).toEqual([t3.id, t2.id, t1.id]);
    expect(all.tasks[2]).toMatchObject({ assignee_name: 'Carla Crew', job: { id: jobId, title: 'Roof job', client_name: 'Acme', status: 'active' } });
    // Phone matching also tries digits only and a +1 prefix.
    expect(all.tasks[0]!.assignee_name).toBe('Carla Crew');
    // Names come from the caller's own contacts: bob has none.
    const asBob = TaskListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/tasks', headers: bob.headers })).json());
    expect(asBob.tasks.every((t) => t.assignee_name === null)).toBe(true);

    const get = async (qs: string) => TaskListSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/tasks?${qs}`, headers: alice.headers })).json());
    expect((await get('status=completed')).tasks.map((t) => t.id)).toEqual([t2.id]);
    expect((await get('status=completed')).total).toBe(1);
    expect((await get(`job_id=${job2.id}`)).tasks.map((t) => t.id)).toEqual([t2.id]);
    expect((await get('assigned_to=unassigned')).tasks.map((t) => t.id)).toEqual([t2.id]);
    expect((await get('assigned_to=(555)%20000-1111')).tasks.map((t) => t.id)).toEqual([t1.id]);
    expect((await get('q=plumbing')).tasks.map((t) => t.id)).toEqual([t2.id]);
    // The board's text filter: every word in the description, the job, or the assignee's phone or name.
    const ids = async (q: string) => {
      const list = await get(`q=${encodeURIComponent(q)}`);
      expect(list.total, q).toBe(list.tasks.length);
      return list.tasks.map((t) => t.id);
    };
    expect(await ids('beta')).toEqual([t2.id]);
    expect(await ids('ROOF')).toEqual([t3.id, t2.id, t1.id]);
    expect(await ids('ROOF JOB')).toEqual([t3.id, t1.id]);
    expect(await ids('carla')).toEqual([t3.id, t1.id]);
    expect(await ids('carla gutters')).toEqual([t3.id]);
    expect(await ids('000-1111')).toEqual([t3.id, t1.id]);
    expect(await ids('unassigned')).toEqual([t2.id]);
    expect(await ids('acme shingles')).toEqual([t1.id]);
    expect(await ids('100%_')).toEqual([]);
    expect(await ids('eve')).toEqual([]);
    expect((await get('q=carla&status=in%20progress')).tasks.map((t) => t.id)).toEqual([t3.id]);
    const page = await get('limit=1&offset=1');
    expect(page).toMatchObject({ total: 3, tasks: [{ id: t2.id }] });
  });

  it('answers pages of TASKS_PAGE_SIZE by default, with the total of all', async () => {
    const owner = await createTestUser(ctx);
    const job = await insertJob(ctx.db, { workspaceId: owner.workspaceId!, clientName: 'Paged' });
    const count = TASKS_PAGE_SIZE + 3;
    await ctx.db.insert(tasks).values(
      Array.from({ length: count }, (_, i) => ({ workspaceId: owner.workspaceId!, jobId: job.id, description: `Task ${i}`, createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)) })),
    );
    const first = TaskListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/tasks', headers: owner.headers })).json());
    expect(first.total).toBe(count);
    expect(first.tasks).toHaveLength(TASKS_PAGE_SIZE);
    expect(first.tasks[0]!.description).toBe(`Task ${count - 1}`);
    const rest = TaskListSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/tasks?offset=${TASKS_PAGE_SIZE}`, headers: owner.headers })).json());
    expect(rest.tasks.map((t) => t.description)).toEqual(['Task 2', 'Task 1', 'Task 0']);
  });

  it('filters by group (the fast dashboard opens /tasks with a group)', async () => {
    const owner = await createTestUser(ctx);
    const job = await insertJob(ctx.db, { workspaceId: owner.workspaceId!, clientName: 'Grouped' });
    const crewA = (await insertGroup(ctx.db, { workspaceId: owner.workspaceId!, createdBy: owner.id, name: 'Crew A' })).id;
    const crewB = (await insertGroup(ctx.db, { workspaceId: owner.workspaceId!, createdBy: owner.id, name: 'Crew B' })).id;
    await insertTask(ctx.db, { workspaceId: owner.workspaceId!, jobId: job.id, description: 'Crew A work', groupId: crewA });
    await insertTask(ctx.db, { workspaceId: owner.workspaceId!, jobId: job.id, description: 'Crew B work', groupId: crewB });
    await insertTask(ctx.db, { workspaceId: owner.workspaceId!, jobId: job.id, description: 'No group' });
    const res = TaskListSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/tasks?group_id=${crewA}`, headers: owner.headers })).json());
    expect(res).toMatchObject({ total: 1, tasks: [{ description: 'Crew A work' }] });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/tasks?group_id=nope', headers: owner.headers })).statusCode).toBe(400);
  });

  it('caps the page size and rejects bad filters with 400 naming the field', async () => {
    for (const [qs, field] of [
      ['limit=501', 'limit'],
      ['status=done', 'status'],
      ['job_id=nope', 'job_id'],
      ['assigned_to=123', 'assigned_to'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/tasks?${qs}`, headers: alice.headers });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error.details[0].field).toBe(field);
    }
  });
});

describe('GET /api/tasks/:id', () => {
  it('answers the task to its workspace and 404 to another', async () => {
    const task = await insertTask(ctx.db, { workspaceId: ws(), jobId });
    const ok = await ctx.app.inject({ method: 'GET', url: `/api/tasks/${task.id}`, headers: bob.headers });
    expect(ok.statusCode).toBe(200);
    expect(TaskSchema.parse(ok.json())).toMatchObject({ id: task.id, priority: 'medium', status: 'pending', job: { id: jobId } });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/tasks/${task.id}`, headers: eve.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/tasks/${task.id}` })).statusCode).toBe(401);
  });
});

describe('POST /api/tasks', () => {
  const countTasks = async () => (await ctx.db.select({ id: tasks.id }).from(tasks)).length;

  it('creates a task with defaults (priority medium, unassigned, no due date)', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/tasks', headers: alice.headers, payload: { description: '  Call the adjuster ', job_id: jobId, assigned_to: '', due_date: null } });
    expect(res.statusCode).toBe(201);
    const task = TaskSchema.parse(res.json());
    expect(task).toMatchObject({ description: 'Call the adjuster', priority: 'medium', assigned_to: null, due_date: null, status: 'pending', job_id: jobId });
    const today = await ctx.app.inject({ method: 'POST', url: '/api/tasks', headers: alice.headers, payload: { description: 'Today', job_id: jobId, due_date: isoDay(0), priority: 'low' } });
    expect(today.statusCode).toBe(201);
    expect(today.json().due_date).toBe(isoDay(0));
  });

  it('answers the specified messages for bad input and writes nothing', async () => {
    const before = await countTasks();
    for (const [payload, field, message] of [
      [{ description: ' ', job_id: jobId }, 'description', 'Task description is required'],
      [{ job_id: jobId }, 'description', 'Task description is required'],
      [{ description: 'x' }, 'job_id', 'Please select a job for this task'],
      [{ description: 'x', job_id: '' }, 'job_id', 'Please select a job for this task'],
      [{ description: 'x', job_id: jobId, due_date: isoDay(-3) }, 'due_date', 'Due date cannot be before today'],
      [{ description: 'x', job_id: jobId, priority: 'urgent' }, 'priority', undefined],
      [{ description: 'x', job_id: jobId, assigned_to: '12345' }, 'assigned_to', 'Please enter a valid 10-digit phone number'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/tasks', headers: alice.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const detail = res.json().error.details[0];
      expect(detail.field).toBe(field);
      if (message) expect(detail.message).toBe(message);
    }
    expect(await countTasks()).toBe(before);
  });

  it('answers 404 for a job of another workspace and 401 anonymous, writing nothing', async () => {
    const before = await countTasks();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/tasks', headers: alice.headers, payload: { description: 'x', job_id: eveJobId } });
    expect(res.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/tasks', payload: { description: 'x', job_id: jobId } })).statusCode).toBe(401);
    expect(await countTasks()).toBe(before);
  });
});

describe('PUT /api/tasks/:id/status', () => {
  it('takes the status from the body or from ?status=', async () => {
    const task = await insertTask(ctx.db, { workspaceId: ws(), jobId });
    const body = await ctx.app.inject({ method: 'PUT', url: `/api/tasks/${task.id}/status`, headers: alice.headers, payload: { status: 'in progress' } });
    expect(body.statusCode).toBe(200);
    expect(TaskSchema.parse(body.json()).status).toBe('in progress');
    const query = await ctx.app.inject({ method: 'PUT', url: `/api/tasks/${task.id}/status?status=completed`, headers: bob.headers });
    expect(query.statusCode).toBe(200);
    expect(query.json().status).toBe('completed');
    // As the jobs dashboard may send it: a JSON content type with an empty body.
    const empty = await ctx.app.inject({
      method: 'PUT',
      url: `/api/tasks/${task.id}/status?status=pending`,
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().status).toBe('pending');
    const malformed = await ctx.app.inject({ method: 'PUT', url: `/api/tasks/${task.id}/status`, headers: { ...alice.headers, 'content-type': 'application/json' }, payload: '{"status":' });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers 400 without or with a bad status, 404 for another workspace, 401 anonymous; nothing changes', async () => {
    const task = await insertTask(ctx.db, { workspaceId: ws(), jobId });
    const url = `/api/tasks/${task.id}/status`;
    const missing = await ctx.app.inject({ method: 'PUT', url, headers: alice.headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details[0].field).toBe('status');
    const bad = await ctx.app.inject({ method: 'PUT', url, headers: alice.headers, payload: { status: 'done' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('status');
    expect((await ctx.app.inject({ method: 'PUT', url, headers: eve.headers, payload: { status: 'completed' } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'PUT', url, payload: { status: 'completed' } })).statusCode).toBe(401);
    const [row] = await ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row!.status).toBe('pending');
  });
});

describe('PUT /api/tasks/:id/assign', () => {
  it('assigns (formatting stripped) and unassigns with null', async () => {
    const task = await insertTask(ctx.db, { workspaceId: ws(), jobId });
    const url = `/api/tasks/${task.id}/assign`;
    const res = await ctx.app.inject({ method: 'PUT', url, headers: alice.headers, payload: { assigned_to: '(555) 444-5555' } });
    expect(res.statusCode).toBe(200);
    expect(TaskSchema.parse(res.json()).assigned_to).toBe('5554445555');
    const un = await ctx.app.inject({ method: 'PUT', url, headers: alice.headers, payload: { assigned_to: null } });
    expect(un.json().assigned_to).toBeNull();
  });

  it('answers 400 for a bad phone or missing field, 404 for another workspace, 401 anonymous', async () => {
    const task = await insertTask(ctx.db, { workspaceId: ws(), jobId, assignedTo: '5551110000' });
    const url = `/api/tasks/${task.id}/assign`;
    const bad = await ctx.app.inject({ method: 'PUT', url, headers: alice.headers, payload: { assigned_to: '555' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0]).toEqual({ field: 'assigned_to', message: 'Please enter a valid 10-digit phone number' });
    expect((await ctx.app.inject({ method: 'PUT', url, headers: alice.headers, payload: {} })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'PUT', url, headers: eve.headers, payload: { assigned_to: null } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'PUT', url, payload: { assigned_to: null } })).statusCode).toBe(401);
    const [row] = await ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row!.assignedTo).toBe('5551110000');
  });
});

describe('PUT /api/tasks/batch-assign', () => {
  it('assigns every listed task', async () => {
    const a = await insertTask(ctx.db, { workspaceId: ws(), jobId });
    const b = await insertTask(ctx.db, { workspaceId: ws(), jobId });
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/tasks/batch-assign', headers: bob.headers, payload: { task_ids: [a.id, b.id, a.id], assigned_to: '5556667777' } });
    expect(res.statusCode).toBe(200);
    const body = BatchAssignResponseSchema.parse(res.json());
    expect(body.updated).toBe(2);
    expect(body.tasks.map((t) => t.assigned_to)).toEqual(['5556667777', '5556667777']);
  });

  it('is all or nothing: one foreign id → 404 and no task changes', async () => {
    const mine = await insertTask(ctx.db, { workspaceId: ws(), jobId });
    const theirs = await insertTask(ctx.db, { workspaceId: eve.workspaceId!, jobId: eveJobId });
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/tasks/batch-assign', headers: alice.headers, payload: { task_ids: [mine.id, theirs.id], assigned_to: '5556667777' } });
    expect(res.statusCode).toBe(404);
    const rows = await ctx.db.select().from(tasks).where(inArray(tasks.id, [mine.id, theirs.id]));
    expect(rows.map((r) => r.assignedTo)).toEqual([null, null]);
  });

  it('answers 400 for an empty list or bad ids, 401 anonymous', async () => {
    const empty = await ctx.app.inject({ method: 'PUT', url: '/api/tasks/batch-assign', headers: alice.headers, payload: { task_ids: [], assigned_to: '5556667777' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details[0].field).toBe('task_ids');
    const bad = await ctx.app.inject({ method: 'PUT', url: '/api/tasks/batch-assign', headers: alice.headers, payload: { task_ids: ['x'], assigned_to: '5556667777' } });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/tasks/batch-assign', payload: { task_ids: [], assigned_to: null } })).statusCode).toBe(401);
  });
});

describe('a task’s group', () => {
  it('creates a task in a group of its workspace the caller belongs to; any other group is a 400 on group_id and writes nothing', async () => {
    const mine = await insertGroup(ctx.db, { workspaceId: ws(), createdBy: alice.id, name: 'Alice crew' });
    const notMine = await insertGroup(ctx.db, { workspaceId: ws(), createdBy: bob.id, name: 'Bob crew' });
    const otherWorkspace = await insertGroup(ctx.db, { workspaceId: eve.workspaceId!, createdBy: eve.id, name: 'Eve crew' });
    const created = await ctx.app.inject({ method: 'POST', url: '/api/tasks', headers: alice.headers, payload: { description: 'Crew work', job_id: jobId, group_id: mine.id } });
    expect(created.statusCode).toBe(201);
    expect(TaskSchema.parse(created.json())).toMatchObject({ description: 'Crew work', group_id: mine.id });
    const onJob = await ctx.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/tasks`, headers: alice.headers, payload: { description: 'Job crew work', group_id: mine.id } });
    expect(onJob.json()).toMatchObject({ group_id: mine.id });
    const plain = await ctx.app.inject({ method: 'POST', url: '/api/tasks', headers: alice.headers, payload: { description: 'No crew', job_id: jobId, group_id: '' } });
    expect(plain.json()).toMatchObject({ group_id: null });

    const before = (await ctx.db.select().from(tasks)).length;
    for (const [groupId, message] of [
      [notMine.id, 'You can only use a group of this workspace that you belong to'],
      [otherWorkspace.id, 'You can only use a group of this workspace that you belong to'],
      [crypto.randomUUID(), 'You can only use a group of this workspace that you belong to'],
      ['nope', 'Please select a valid group'],
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/tasks', headers: alice.headers, payload: { description: 'Sneaky', job_id: jobId, group_id: groupId } });
      expect(res.statusCode, groupId).toBe(400);
      expect(res.json().error.details).toEqual([{ field: 'group_id', message }]);
    }
    expect((await ctx.db.select().from(tasks)).length).toBe(before);
  });

  it('PUT /api/tasks/:id/group moves a task into a group and out again; others’ tasks 404, foreign groups 400', async () => {
    const mine = await insertGroup(ctx.db, { workspaceId: ws(), createdBy: alice.id, name: 'Roof crew' });
    const task = await insertTask(ctx.db, { workspaceId: ws(), jobId, description: 'Regroup me' });
    const url = `/api/tasks/${task.id}/group`;
    expect((await ctx.app.inject({ method: 'PUT', url, payload: { group_id: mine.id } })).statusCode).toBe(401);
    const moved = await ctx.app.inject({ method: 'PUT', url, headers: alice.headers, payload: { group_id: mine.id } });
    expect(moved.statusCode).toBe(200);
    expect(TaskSchema.parse(moved.json()).group_id).toBe(mine.id);
    // Bob is in the workspace but not the group: he cannot file tasks under it.
    const refused = await ctx.app.inject({ method: 'PUT', url, headers: bob.headers, payload: { group_id: mine.id } });
    expect(refused.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'PUT', url, headers: eve.headers, payload: { group_id: null } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'PUT', url, headers: alice.headers, payload: {} })).json().error.details[0].field).toBe('group_id');
    const cleared = await ctx.app.inject({ method: 'PUT', url, headers: bob.headers, payload: { group_id: null } });
    expect(cleared.json()).toMatchObject({ group_id: null });
    const [row] = await ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row!.groupId).toBeNull();
  });
});
