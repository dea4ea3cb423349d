import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, tasks } from '../db/schema';
import { insertJob, insertTask } from '../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../test/setup-app';
import { IDEMPOTENCY_KEY_IN_PROGRESS, IDEMPOTENCY_KEY_REUSED } from './idempotency';

/**
 * Idempotency-Key on the product API's writes (platform/idempotency.ts), through real endpoints: a repeat gets the
 * first answer and changes nothing. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;
let jobId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createTestUser(ctx);
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId });
  jobId = (await insertJob(ctx.db, { workspaceId: alice.workspaceId! })).id;
});
afterAll(() => ctx.close());

const createTask = (user: TestUser, key: string | undefined, description: string, job = jobId) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/tasks',
    headers: { ...user.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: { description, job_id: job, assigned_to: null, due_date: null, priority: 'medium' },
  });

async function tasksNamed(description: string) {
  return ctx.db.select().from(tasks).where(eq(tasks.description, description));
}

describe('Idempotency-Key on write endpoints', () => {
  it('a repeat whose first answer was lost gets that answer and creates nothing more', async () => {
    const key = randomUUID();
    const first = await createTask(alice, key, 'Replace flashing');
    expect(first.statusCode).toBe(201);
    // The client never saw `first` (the connection dropped) and sends the same request again.
    const repeat = await createTask(alice, key, 'Replace flashing');
    expect(repeat.statusCode).toBe(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.headers['content-type']).toContain('application/json');
    expect(repeat.json()).toEqual(first.json());
    expect(await tasksNamed('Replace flashing')).toHaveLength(1);
    // The body's field order does not matter: the hash is of the request as validated.
    const reordered = await ctx.app.inject({
      method: 'POST',
      url: '/api/multi-workspace/tasks',
      headers: { ...alice.headers, 'idempotency-key': key },
      payload: { priority: 'medium', due_date: null, assigned_to: null, job_id: jobId, description: 'Replace flashing' },
    });
    expect(reordered.statusCode).toBe(201);
    expect(reordered.json().id).toBe(first.json().id);
    expect(await tasksNamed('Replace flashing')).toHaveLength(1);
  });

  it('without a key every request runs (and nothing is kept)', async () => {
    expect((await createTask(alice, undefined, 'Sweep gutters')).statusCode).toBe(201);
    expect((await createTask(alice, undefined, 'Sweep gutters')).statusCode).toBe(201);
    expect(await tasksNamed('Sweep gutters')).toHaveLength(2);
  });

  it('a repeated status change returns the first answer and does not undo a later change', async () => {
    const task = await insertTask(ctx.db, { workspaceId: alice.workspaceId!, jobId, description: 'Check chimney' });
    const key = randomUUID();
    const put = (status: string, k?: string) =>
      ctx.app.inject({ method: 'PUT', url: `/api/tasks/${task.id}/status`, headers: { ...alice.headers, ...(k ? { 'idempotency-key': k } : {}) }, payload: { status } });
    const first = await put('completed', key);
    expect(first.statusCode).toBe(200);
    expect((await put('in progress')).statusCode).toBe(200);
    const repeat = await put('completed', key);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    const [row] = await ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(row!.status).toBe('in progress');
  });

  it('the same key with a different body, or on another endpoint, is refused with 422 and runs nothing', async () => {
    const key = randomUUID();
    expect((await createTask(alice, key, 'Order shingles')).statusCode).toBe(201);
    const other = await createTask(alice, key, 'Order nails');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ error: { code: 'IDEMPOTENCY_KEY_REUSED', message: IDEMPOTENCY_KEY_REUSED } });
    expect(await tasksNamed('Order nails')).toHaveLength(0);
    const elsewhere = await ctx.app.inject({ method: 'PUT', url: `/api/jobs/${jobId}/status`, headers: { ...alice.headers, 'idempotency-key': key }, payload: { status: 'completed' } });
    expect(elsewhere.statusCode).toBe(422);
    const job = await ctx.app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers: alice.headers });
    expect(job.json().status).not.toBe('completed');
  });

  it('two concurrent requests with one key: the write happens once and both get its answer', async () => {
    const key = randomUUID();
    const [a, b] = await Promise.all([createTask(alice, key, 'Tarp the roof'), createTask(alice, key, 'Tarp the roof')]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    expect(await tasksNamed('Tarp the roof')).toHaveLength(1);
    // Many at once, the same.
    const key2 = randomUUID();
    const many = await Promise.all(Array.from({ length: 8 }, () => createTask(alice, key2, 'Haul debris')));
    expect(new Set(many.map((r) => r.statusCode))).toEqual(new Set([201]));
    expect(new Set(many.map((r) => r.json().id)).size).toBe(1);
    expect(await tasksNamed('Haul debris')).toHaveLength(1);
  });

  it('a repeat while the first has not answered waits, and is told to try again when it does not answer', async () => {
    // The same request ran once with another key; its hash is the one a claim of this request carries.
    expect((await createTask(alice, randomUUID(), 'Seal windows')).statusCode).toBe(201);
    const [done] = await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.endpoint, 'POST /api/tasks')).orderBy(sql`created_at desc`).limit(1);
    const key = randomUUID();
    // A claim of that request still running in another process (lease in the future, no answer yet).
    await ctx.db.insert(idempotencyKeys).values({
      userId: alice.id,
      key,
      endpoint: 'POST /api/tasks',
      requestHash: done!.requestHash,
      lockedUntil: new Date(Date.now() + 60_000),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const started = Date.now();
    const res = await createTask(alice, key, 'Seal windows');
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_500);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'CONFLICT', message: IDEMPOTENCY_KEY_IN_PROGRESS });
    expect(await tasksNamed('Seal windows')).toHaveLength(1);
    // The process holding it died: after its lease a repeat runs the request.
    await ctx.db.update(idempotencyKeys).set({ lockedUntil: new Date(Date.now() - 1000) }).where(and(eq(idempotencyKeys.userId, alice.id), eq(idempotencyKeys.key, key)));
    expect((await createTask(alice, key, 'Seal windows')).statusCode).toBe(201);
    expect(await tasksNamed('Seal windows')).toHaveLength(2);
  }, 15_000);

  it('an error answer is not kept: the repeat runs again, and the key may then carry a corrected request', async () => {
    const key = randomUUID();
    const missing = randomUUID();
    expect((await createTask(alice, key, 'Inspect attic', missing)).statusCode).toBe(404);
    expect((await createTask(alice, key, 'Inspect attic', missing)).statusCode).toBe(404);
    const fixed = await createTask(alice, key, 'Inspect attic');
    expect(fixed.statusCode).toBe(201);
    expect(await tasksNamed('Inspect attic')).toHaveLength(1);
    // A validation error (400) never claims the key either.
    const key2 = randomUUID();
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/tasks', headers: { ...alice.headers, 'idempotency-key': key2 }, payload: { job_id: jobId } });
    expect(bad.statusCode).toBe(400);
    expect(await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key2))).toHaveLength(0);
  });

  it('keys are per user: the same key from another user is their own request', async () => {
    const key = randomUUID();
    const a = await createTask(alice, key, 'Measure deck');
    const b = await createTask(bob, key, 'Measure deck');
    expect(b.statusCode).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json().id).not.toBe(a.json().id);
    expect(await tasksNamed('Measure deck')).toHaveLength(2);
  });

  it('an expired key runs its request again (kept answers last 24 hours)', async () => {
    const key = randomUUID();
    expect((await createTask(alice, key, 'Paint trim')).statusCode).toBe(201);
    const [kept] = await ctx.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, alice.id), eq(idempotencyKeys.key, key)));
    expect(kept!.expiresAt.getTime() - kept!.createdAt.getTime()).toBe(24 * 60 * 60_000);
    expect(kept!.lockedUntil).toBeNull();
    await ctx.db.execute(sql`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = ${key}`);
    const again = await createTask(alice, key, 'Paint trim');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await tasksNamed('Paint trim')).toHaveLength(2);
  });

  it('a malformed key is a 400 and runs nothing', async () => {
    const res = await createTask(alice, 'has space', 'Clean site');
    expect(res.statusCode).toBe(400);
    expect((await createTask(alice, 'x'.repeat(201), 'Clean site')).statusCode).toBe(400);
    expect(await tasksNamed('Clean site')).toHaveLength(0);
  });

  it('reads ignore the header, and a browser may send it (CORS)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/tasks', headers: { ...alice.headers, 'idempotency-key': 'k1' } });
    expect(res.statusCode).toBe(200);
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/tasks',
      headers: { origin: 'capacitor://localhost', 'access-control-request-method': 'POST', 'access-control-request-headers': 'idempotency-key,content-type' },
    });
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('idempotency-key');
  });
});
