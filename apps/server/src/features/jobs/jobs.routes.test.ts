import { JobListSchema, JobSchema, JobTaskSchema, TaskSchema } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, tasks } from '../../db/schema';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { insertDocument, insertJob, insertTask } from '../../test/factories';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser; // same workspace as alice
let eve: TestUser; // another workspace

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createTestUser(ctx);
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId });
  eve = await createTestUser(ctx);
});
afterAll(() => ctx.close());

const ws = () => alice.workspaceId!;

describe('GET /api/jobs', () => {
  it('answers 401 without a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/jobs' });
    expect(res.statusCode).toBe(401);
  });

  it('lists only the workspace’s jobs, newest first, with tasks, placeholder documents and a total', async () => {
    const older = await insertJob(ctx.db, { workspaceId: ws(), clientName: 'Older', createdAt: new Date('2025-01-01T00:00:00Z') });
    const newer = await insertJob(ctx.db, { workspaceId: ws(), clientName: 'Newer', createdAt: new Date('2025-02-01T00:00:00Z') });
    await insertTask(ctx.db, { workspaceId: ws(), jobId: newer.id, description: 'First', createdAt: new Date('2025-02-02T00:00:00Z') });
    await insertTask(ctx.db, { workspaceId: ws(), jobId: newer.id, description: 'Second', createdAt: new Date('2025-02-03T00:00:00Z') });
    await insertJob(ctx.db, { workspaceId: eve.workspaceId!, clientName: 'Eve’s job' });

    const res = await ctx.app.inject({ method: 'GET', url: '/api/jobs', headers: bob.headers });
    expect(res.statusCode).toBe(200);
    const body = JobListSchema.parse(res.json());
    expect(body.total).toBe(2);
    expect(body.jobs.map((j) => j.client_name)).toEqual(['Newer', 'Older']);
    const [first] = body.jobs;
    expect(first!.tasks.map((t) => t.description)).toEqual(['First', 'Second']);
    // Exactly the contract's task keys (the raw answer: zod would strip extras), timestamps as toISOString gives them.
    const rawTask = (res.json() as { jobs: Array<{ tasks: Array<Record<string, unknown>> }> }).jobs[0]!.tasks[0]!;
    expect(Object.keys(rawTask).sort()).toEqual(Object.keys(JobTaskSchema.shape).sort());
    expect(rawTask).toMatchObject({ created_at: '2025-02-02T00:00:00.000Z', due_date: null, status: 'pending', priority: 'medium' });
    expect(first!.documents.created).toEqual([]);
    expect(first!.documents.processed).toEqual([]);
    expect(first!.documents.needed.map((d) => d.document_type)).toEqual(['contract', 'estimate', 'invoice', 'permit', 'inspection_report']);
    expect(first!.documents.needed[4]).toMatchObject({ id: null, name: 'Inspection Report', status: 'needed', placeholder: true });
    expect(first!.created_at).toBe('2025-02-01T00:00:00.000Z');
    expect(body.jobs[1]!.id).toBe(older.id);
  });

  it('pages with limit/offset and filters by status (also under /api/multi-workspace)', async () => {
    const done = await insertJob(ctx.db, { workspaceId: ws(), clientName: 'Done', status: 'completed' });
    const page = JobListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/jobs?limit=1&offset=1', headers: alice.headers })).json());
    expect(page.jobs).toHaveLength(1);
    expect(page.total).toBe(3);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/multi-workspace/jobs?status=completed&offset=0&limit=10', headers: alice.headers });
    const filtered = JobListSchema.parse(res.json());
    expect(filtered).toMatchObject({ total: 1, jobs: [{ id: done.id }] });
    const open = JobListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/jobs?exclude_status=completed', headers: alice.headers })).json());
    expect(open.total).toBe(2);
    expect(open.jobs.every((j) => j.status !== 'completed')).toBe(true);
  });

  it('sorts by due date (undated last) and searches names and addresses', async () => {
    const soon = await insertJob(ctx.db, { workspaceId: ws(), clientName: 'Soon', dueDate: '2030-01-01', propertyAddress: '9 Birch Lane' });
    const later = await insertJob(ctx.db, { workspaceId: ws(), clientName: 'Later', dueDate: '2031-01-01' });
    const sorted = JobListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/jobs?sort=due_date&limit=2', headers: alice.headers })).json());
    expect(sorted.jobs.map((j) => j.id)).toEqual([soon.id, later.id]);
    expect(sorted.jobs[0]!.due_date).toBe('2030-01-01');
    const found = JobListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/jobs?search=birch', headers: alice.headers })).json());
    expect(found).toMatchObject({ total: 1, jobs: [{ id: soon.id }] });
  });

  it('rejects bad query values with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=1000', 'limit'],
      ['status=archived', 'status'],
      ['sort=name', 'sort'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/jobs?${query}`, headers: alice.headers });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.details[0].field).toBe(field);
    }
  });

  it('answers 409 NO_WORKSPACE for a user without a workspace', async () => {
    const loner = await createTestUser(ctx, { workspaceId: null });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/jobs', headers: loner.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('NO_WORKSPACE');
  });
});

describe('a job’s documents', () => {
  it('fill the Created and Processed columns; Needed keeps what is processing or failed and the types still without a document', async () => {
    const job = await insertJob(ctx.db, { workspaceId: ws(), clientName: 'Documented', documentTypes: ['contract', 'invoice', 'permit'] });
    const at = (day: number) => new Date(`2026-03-0${day}T00:00:00Z`);
    const invoice = await insertDocument(ctx.db, { workspaceId: ws(), jobId: job.id, name: 'Invoice 1042.pdf', documentType: 'invoice', status: 'processed', createdAt: at(1) });
    const contract = await insertDocument(ctx.db, { workspaceId: ws(), jobId: job.id, name: 'Contract.pdf', documentType: 'contract', status: 'created', createdAt: at(2) });
    const reading = await insertDocument(ctx.db, { workspaceId: ws(), jobId: job.id, name: 'scan.png', documentType: 'uploaded', status: 'processing', fileType: 'png', createdAt: at(3) });
    const broken = await insertDocument(ctx.db, { workspaceId: ws(), jobId: job.id, name: 'broken.pdf', documentType: 'uploaded', status: 'failed', createdAt: at(4) });
    await insertDocument(ctx.db, { workspaceId: ws(), jobId: job.id, name: 'half.pdf', status: 'uploading' });

    const got = JobSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/jobs/${job.id}`, headers: alice.headers })).json());
    expect(got.documents.processed).toEqual([
      { id: invoice.id, name: 'Invoice 1042.pdf', document_type: 'invoice', status: 'processed', placeholder: false, file_type: 'pdf', file_size: 1024, created_at: '2026-03-01T00:00:00.000Z' },
    ]);
    expect(got.documents.created.map((d) => d.id)).toEqual([contract.id]);
    expect(got.documents.needed.map((d) => [d.id, d.name, d.status, d.placeholder])).toEqual([
      [reading.id, 'scan.png', 'processing', false],
      [broken.id, 'broken.pdf', 'failed', false],
      [null, 'Permit', 'needed', true],
    ]);
    // The list answers the same columns.
    const listed = JobListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/jobs?q=Documented', headers: alice.headers })).json()).jobs.find((j) => j.id === job.id);
    expect(listed!.documents).toEqual(got.documents);
  });
});

describe('GET /api/jobs/:id', () => {
  it('answers the job with tasks to its workspace, 404 to another, 401 anonymous, 400 for a bad id', async () => {
    const job = await insertJob(ctx.db, { workspaceId: ws(), metadata: { source: 'import' } });
    await insertTask(ctx.db, { workspaceId: ws(), jobId: job.id });
    const ok = await ctx.app.inject({ method: 'GET', url: `/api/jobs/${job.id}`, headers: bob.headers });
    expect(ok.statusCode).toBe(200);
    const body = JobSchema.parse(ok.json());
    expect(body).toMatchObject({ id: job.id, metadata: { source: 'import' }, workspace_id: ws() });
    expect(body.tasks).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/jobs/${job.id}`, headers: eve.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/jobs/${job.id}` })).statusCode).toBe(401);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/jobs/not-a-uuid', headers: alice.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('id');
  });
});

describe('POST /api/jobs', () => {
  it('creates a job in the caller’s workspace with defaults', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: alice.headers,
      payload: { client_name: '  Smith Family ', property_address: '1 Main St', claim_number: 'CLM-1', title: 'Kitchen', due_date: '2030-05-01' },
    });
    expect(res.statusCode).toBe(201);
    const job = JobSchema.parse(res.json());
    expect(job).toMatchObject({ client_name: 'Smith Family', status: 'active', due_date: '2030-05-01', workspace_id: ws(), tasks: [] });
    expect(job.document_types).toEqual(['contract', 'estimate', 'invoice', 'permit', 'inspection_report']);
    const [row] = await ctx.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row!.createdBy).toBe(alice.id);
  });

  it('makes placeholder documents from custom document types', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/jobs', headers: alice.headers, payload: { client_name: 'Custom', document_types: ['roof_plan', 'permit'] } });
    expect(res.statusCode).toBe(201);
    const job = JobSchema.parse(res.json());
    expect(job.documents.needed.map((d) => [d.name, d.document_type])).toEqual([['Roof Plan', 'roof_plan'], ['Permit', 'permit']]);
  });

  it('rejects a missing client name and bad fields with 400 and writes nothing', async () => {
    const before = (await ctx.db.select().from(jobs)).length;
    for (const [payload, field, message] of [
      [{ client_name: '   ' }, 'client_name', 'Client name is required'],
      [{}, 'client_name', 'Client name is required'],
      [{ client_name: 'A', status: 'archived' }, 'status', undefined],
      [{ client_name: 'A', due_date: '31/12/2030' }, 'due_date', undefined],
    ] as const) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/jobs', headers: alice.headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0].field).toBe(field);
      if (message) expect(res.json().error.details[0].message).toBe(message);
    }
    expect((await ctx.db.select().from(jobs)).length).toBe(before);
  });

  it('answers 401 anonymous', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/jobs', payload: { client_name: 'X' } })).statusCode).toBe(401);
  });
});

describe('PUT /api/jobs/:id/status', () => {
  it('sets the status in the workspace; 404 for another workspace; 400 for a bad status; 401 anonymous', async () => {
    const job = await insertJob(ctx.db, { workspaceId: ws() });
    const ok = await ctx.app.inject({ method: 'PUT', url: `/api/jobs/${job.id}/status`, headers: bob.headers, payload: { status: 'completed' } });
    expect(ok.statusCode).toBe(200);
    expect(JobSchema.parse(ok.json()).status).toBe('completed');

    const foreign = await ctx.app.inject({ method: 'PUT', url: `/api/jobs/${job.id}/status`, headers: eve.headers, payload: { status: 'active' } });
    expect(foreign.statusCode).toBe(404);
    const bad = await ctx.app.inject({ method: 'PUT', url: `/api/jobs/${job.id}/status`, headers: alice.headers, payload: { status: 'done' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('status');
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/jobs/${job.id}/status`, payload: { status: 'active' } })).statusCode).toBe(401);
    const [row] = await ctx.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row!.status).toBe('completed');
  });
});

describe('POST /api/jobs/:id/tasks', () => {
  it('creates a task on the job', async () => {
    const job = await insertJob(ctx.db, { workspaceId: ws() });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/jobs/${job.id}/tasks`,
      headers: alice.headers,
      payload: { description: 'Measure windows', assigned_to: '(555) 222-3333', priority: 'high', due_date: '', job_id: job.id },
    });
    expect(res.statusCode).toBe(201);
    expect(TaskSchema.parse(res.json())).toMatchObject({ job_id: job.id, assigned_to: '5552223333', priority: 'high', due_date: null, status: 'pending' });
  });

  it('answers 404 for another workspace’s job, 400 for a mismatched job_id or empty description, 401 anonymous; nothing written', async () => {
    const job = await insertJob(ctx.db, { workspaceId: ws() });
    const other = await insertJob(ctx.db, { workspaceId: ws() });
    const url = `/api/jobs/${job.id}/tasks`;
    expect((await ctx.app.inject({ method: 'POST', url, headers: eve.headers, payload: { description: 'x' } })).statusCode).toBe(404);
    const mismatch = await ctx.app.inject({ method: 'POST', url, headers: alice.headers, payload: { description: 'x', job_id: other.id } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.details[0].field).toBe('job_id');
    const empty = await ctx.app.inject({ method: 'POST', url, headers: alice.headers, payload: { description: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details[0]).toEqual({ field: 'description', message: 'Task description is required' });
    expect((await ctx.app.inject({ method: 'POST', url, payload: { description: 'x' } })).statusCode).toBe(401);
    expect(await ctx.db.select().from(tasks).where(eq(tasks.jobId, job.id))).toEqual([]);
  });
});
