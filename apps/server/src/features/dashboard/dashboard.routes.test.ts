import { DashboardStatsSchema, DashboardTaskListSchema, HomepageDataSchema, PERFORMANCE_STATS_PER_MINUTE, PerformanceStatsSchema } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, tasks } from '../../db/schema';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { insertContact, insertDocument, insertGroup, insertJob, insertTask } from '../../test/factories';
import { PerformanceStatsCache } from './performance-stats-cache';

let ctx: TestContext;
let alice: TestUser;
let eve: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createTestUser(ctx);
  eve = await createTestUser(ctx);
});
afterAll(() => ctx.close());

const get = (url: string, user?: TestUser) => ctx.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });

describe('dashboard and home endpoints', () => {
  it('answer 401 anonymous and 409 without a workspace', async () => {
    const loner = await createTestUser(ctx, { workspaceId: null });
    for (const url of ['/api/dashboard/stats', '/api/dashboard/tasks', '/api-fast/optimized/homepage-data', '/api-fast/optimized/performance-stats']) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, loner)).statusCode, url).toBe(409);
    }
  });

  it('start empty for a new workspace', async () => {
    expect(DashboardStatsSchema.parse((await get('/api/dashboard/stats', alice)).json())).toEqual({
      activeJobs: 0, total_jobs: 0, totalDocuments: 0, pendingTasks: 0, total_tasks: 0, tasks_completed: 0, tasks_in_progress: 0,
    });
    expect(HomepageDataSchema.parse((await get('/api-fast/optimized/homepage-data', alice)).json())).toEqual({ recentTasks: [], recentDocuments: [], activeJobs: [] });
    expect(DashboardTaskListSchema.parse((await get('/api/dashboard/tasks', alice)).json())).toEqual({ tasks: [] });
  });
});

describe('GET /api/dashboard/stats', () => {
  it('counts the workspace’s jobs and tasks by status and follows inserts, updates and deletes', async () => {
    const ws = alice.workspaceId!;
    const active = await insertJob(ctx.db, { workspaceId: ws });
    await insertJob(ctx.db, { workspaceId: ws, status: 'in progress' });
    await insertJob(ctx.db, { workspaceId: ws, status: 'completed' });
    const p1 = await insertTask(ctx.db, { workspaceId: ws, jobId: active.id });
    await insertTask(ctx.db, { workspaceId: ws, jobId: active.id, status: 'in progress' });
    await insertTask(ctx.db, { workspaceId: ws, jobId: active.id, status: 'completed' });
    const eveJob = await insertJob(ctx.db, { workspaceId: eve.workspaceId! });
    await insertTask(ctx.db, { workspaceId: eve.workspaceId!, jobId: eveJob.id });

    let stats = DashboardStatsSchema.parse((await get('/api/dashboard/stats', alice)).json());
    expect(stats).toEqual({ activeJobs: 2, total_jobs: 3, totalDocuments: 0, pendingTasks: 1, total_tasks: 3, tasks_completed: 1, tasks_in_progress: 1 });

    const put = await ctx.app.inject({ method: 'PUT', url: `/api/tasks/${p1.id}/status`, headers: alice.headers, payload: { status: 'completed' } });
    expect(put.statusCode).toBe(200);
    await ctx.db.delete(tasks).where(eq(tasks.status, 'in progress'));
    stats = DashboardStatsSchema.parse((await get('/api/dashboard/stats', alice)).json());
    expect(stats).toMatchObject({ pendingTasks: 0, total_tasks: 2, tasks_completed: 2, tasks_in_progress: 0 });
    // The stored counts equal a real count (the triggers keep them exact).
    const real = await ctx.db.select().from(tasks).where(eq(tasks.workspaceId, ws));
    expect(real).toHaveLength(stats.total_tasks);
  });
});

describe('GET /api/dashboard/tasks and the home data', () => {
  it('list the newest tasks (20 / 10) and the open jobs by due date, only from the workspace', async () => {
    const ws = alice.workspaceId!;
    const late = await insertJob(ctx.db, { workspaceId: ws, title: 'Late job', dueDate: '2031-01-01' });
    const early = await insertJob(ctx.db, { workspaceId: ws, title: '', clientName: 'Early client', dueDate: '2030-01-01' });
    // Alice's profile phone in another formatting than the tasks' stored 10 digits.
    await ctx.db.update(profiles).set({ phoneNumber: '+1 (555) 777-0000' }).where(eq(profiles.id, alice.id));
    for (let i = 0; i < 25; i++) {
      await insertTask(ctx.db, { workspaceId: ws, jobId: early.id, description: `Step ${i}`, assignedTo: '5557770000', createdAt: new Date(Date.UTC(2029, 0, 1, 0, i)) });
    }
    // Newer tasks of the workspace that are not Alice's: the dashboard must not show them.
    await insertTask(ctx.db, { workspaceId: ws, jobId: late.id, description: 'Crew member’s', assignedTo: '5550001111', createdAt: new Date(Date.UTC(2030, 0, 1)) });
    await insertTask(ctx.db, { workspaceId: ws, jobId: late.id, description: 'Nobody’s', createdAt: new Date(Date.UTC(2030, 0, 2)) });
    await insertTask(ctx.db, { workspaceId: eve.workspaceId!, jobId: (await insertJob(ctx.db, { workspaceId: eve.workspaceId! })).id, description: 'Eve', assignedTo: '5557770000' });

    const dash = DashboardTaskListSchema.parse((await get('/api/dashboard/tasks', alice)).json());
    expect(dash.tasks).toHaveLength(20);
    expect(dash.tasks.every((t) => t.assigned_to === '5557770000' && t.description.startsWith('Step'))).toBe(true);
    expect(dash.tasks.slice(0, 2).map((t) => t.description)).toEqual(['Step 24', 'Step 23']);
    expect(dash.tasks[0]).toMatchObject({ title: 'Early client', job_id: early.id, group_id: null, groups: null });
    // A task of a group carries the group's name (the fast dashboard's group chips).
    const crew = await insertGroup(ctx.db, { workspaceId: ws, createdBy: alice.id, name: 'Gutter Crew' });
    await insertTask(ctx.db, { workspaceId: ws, jobId: early.id, description: 'Grouped step', assignedTo: '5557770000', groupId: crew.id, createdAt: new Date(Date.UTC(2029, 5, 1)) });
    const grouped = DashboardTaskListSchema.parse((await get('/api/dashboard/tasks', alice)).json()).tasks[0];
    expect(grouped).toMatchObject({ description: 'Grouped step', group_id: crew.id, groups: { name: 'Gutter Crew' } });
    // A user without a phone on their profile has no assigned tasks.
    const bo = await createTestUser(ctx, { workspaceId: ws });
    await ctx.db.update(profiles).set({ phoneNumber: null }).where(eq(profiles.id, bo.id));
    expect(DashboardTaskListSchema.parse((await get('/api/dashboard/tasks', bo)).json())).toEqual({ tasks: [] });

    const home = HomepageDataSchema.parse((await get('/api-fast/optimized/homepage-data', alice)).json());
    expect(home.recentTasks).toHaveLength(10);
    expect(home.recentTasks.some((t) => t.description === 'Eve')).toBe(false);
    expect(home.recentTasks[0]?.description).toBe('Nobody’s');
    expect(home.recentDocuments).toEqual([]);
    expect(home.activeJobs.length).toBeLessThanOrEqual(10);
    expect(home.activeJobs.every((j) => j.status !== 'completed')).toBe(true);
    expect(home.activeJobs.slice(0, 2).map((j) => j.id)).toEqual([early.id, late.id]);

    // The Standard mode's requests return the same lists.
    const stdJobs = (await get('/api/jobs?exclude_status=completed&sort=due_date&limit=10', alice)).json();
    expect(stdJobs.jobs.map((j: { id: string }) => j.id)).toEqual(home.activeJobs.map((j) => j.id));
    const stdTasks = (await get('/api/tasks?limit=10', alice)).json();
    expect(stdTasks.tasks.map((t: { id: string }) => t.id)).toEqual(home.recentTasks.map((t) => t.id));
  });
});

describe('task titles built by the database', () => {
  it('use the job title, else the cleaned client name (contacts for phones, Unnamed Client for files), else the description', async () => {
    const owner = await createTestUser(ctx);
    const ws = owner.workspaceId!;
    await ctx.db.update(profiles).set({ phoneNumber: '5550102030' }).where(eq(profiles.id, owner.id));
    await insertContact(ctx.db, { ownerId: owner.id, name: 'Olga Owner', phoneNumber: '5127778888' });
    const cases = [
      [{ title: 'Roof job', clientName: 'Whoever' }, 'Roof job'],
      [{ title: '', clientName: '(512) 777-8888' }, 'Olga Owner'],
      [{ title: '', clientName: '512-000-0000' }, 'Client (512-000-0000)'],
      [{ title: '', clientName: 'final_report.pdf' }, 'Unnamed Client'],
      [{ title: '', clientName: 'Apex Contractors Inc' }, 'Apex Contractors Inc'],
      [{ title: '', clientName: '' }, 'Describe me'],
    ] as const;
    for (const [i, [job, _]] of cases.entries()) {
      const j = await insertJob(ctx.db, { workspaceId: ws, ...job });
      await insertTask(ctx.db, { workspaceId: ws, jobId: j.id, description: 'Describe me', assignedTo: '5550102030', createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)) });
    }
    const expected = cases.map(([, title]) => title).reverse();
    const dash = DashboardTaskListSchema.parse((await get('/api/dashboard/tasks', owner)).json());
    expect(dash.tasks.map((t) => t.title)).toEqual(expected);
    const home = HomepageDataSchema.parse((await get('/api-fast/optimized/homepage-data', owner)).json());
    expect(home.recentTasks.map((t) => t.title)).toEqual(expected);
  });
});

describe('GET /api-fast/optimized/performance-stats', () => {
  it('reports measured timings of both paths, shared by the workspace for a while, and limits each user', async () => {
    const res = await get('/api-fast/optimized/performance-stats', alice);
    expect(res.statusCode).toBe(200);
    const stats = PerformanceStatsSchema.parse(res.json());
    expect(stats.runs).toBe(5);
    expect(stats.optimized.requests).toBe(1);
    expect(stats.original.requests).toBe(3); // tasks, jobs and documents: one request per card
    expect(stats.optimized.time_seconds).toBeGreaterThan(0);
    expect(stats.original.time_seconds).toBeGreaterThan(0);
    const expected = ((stats.original.time_seconds - stats.optimized.time_seconds) / stats.original.time_seconds) * 100;
    expect(stats.improvement_percent).toBeCloseTo(expected, 0);

    // Within PERFORMANCE_STATS_CACHE_SECONDS the workspace gets the same measurement (one per workspace, not per call)…
    const colleague = await createTestUser(ctx, { workspaceId: alice.workspaceId });
    expect((await get('/api-fast/optimized/performance-stats', colleague)).json()).toEqual(res.json());
    // …and another workspace gets its own.
    const other = PerformanceStatsSchema.parse((await get('/api-fast/optimized/performance-stats', eve)).json());
    expect([other.optimized.time_seconds, other.original.time_seconds]).not.toEqual([stats.optimized.time_seconds, stats.original.time_seconds]);

    // Each user may ask PERFORMANCE_STATS_PER_MINUTE times a minute; then 429 with Retry-After.
    for (let i = 1; i < PERFORMANCE_STATS_PER_MINUTE; i++) expect((await get('/api-fast/optimized/performance-stats', alice)).statusCode).toBe(200);
    const limited = await get('/api-fast/optimized/performance-stats', alice);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get('/api-fast/optimized/performance-stats', colleague)).statusCode).toBe(200);
  });
});

describe('PerformanceStatsCache', () => {
  it('measures again after the time to live, shares a measurement in flight, forgets failures, and stays bounded', async () => {
    let clock = 0;
    const cache = new PerformanceStatsCache({ ttlMs: 30_000, maxEntries: 2, now: () => clock });
    let measured = 0;
    const measure = async () => ({ ...SAMPLE, runs: ++measured });
    const [a, b] = await Promise.all([cache.get('w1', measure), cache.get('w1', measure)]);
    expect([a.runs, b.runs, measured]).toEqual([1, 1, 1]);
    clock = 29_999;
    expect((await cache.get('w1', measure)).runs).toBe(1);
    clock = 30_000;
    expect((await cache.get('w1', measure)).runs).toBe(2);
    await expect(cache.get('w2', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect((await cache.get('w2', measure)).runs).toBe(3);
    await cache.get('w3', measure); // w1 (the oldest) goes
    expect((await cache.get('w1', measure)).runs).toBe(5);
  });
});

const SAMPLE = { optimized: { time_seconds: 0.001, requests: 1 }, original: { time_seconds: 0.002, requests: 2 }, improvement_percent: 50, runs: 0, measured_at: '2026-01-01T00:00:00.000Z' };

describe('documents on the home and the dashboard', () => {
  it('the home lists the 10 newest documents of the workspace and the dashboard counts them; uploads in flight are not shown', async () => {
    const user = await createTestUser(ctx);
    const ws = user.workspaceId!;
    const job = await insertJob(ctx.db, { workspaceId: ws });
    for (let i = 0; i < 12; i++) {
      await insertDocument(ctx.db, { workspaceId: ws, jobId: i % 2 ? job.id : null, name: `Doc ${i}.pdf`, documentType: 'invoice', createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) });
    }
    await insertDocument(ctx.db, { workspaceId: ws, name: 'in flight.pdf', status: 'uploading', createdAt: new Date(Date.UTC(2026, 5, 1)) });
    await insertDocument(ctx.db, { workspaceId: eve.workspaceId!, name: 'Eve.pdf' });

    const home = HomepageDataSchema.parse((await get('/api-fast/optimized/homepage-data', user)).json());
    expect(home.recentDocuments.map((d) => d.name)).toEqual(['Doc 11.pdf', 'Doc 10.pdf', 'Doc 9.pdf', 'Doc 8.pdf', 'Doc 7.pdf', 'Doc 6.pdf', 'Doc 5.pdf', 'Doc 4.pdf', 'Doc 3.pdf', 'Doc 2.pdf']);
    expect(home.recentDocuments[0]).toMatchObject({ document_type: 'invoice', status: 'processed', file_size: 1024, job_id: job.id, created_at: '2026-01-01T00:11:00.000Z' });
    const stats = DashboardStatsSchema.parse((await get('/api/dashboard/stats', user)).json());
    expect(stats.totalDocuments).toBe(12);
  });
});
