import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, tasks } from '../db/schema';
import { insertJob, insertTask } from '../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../test/setup-app';
import { IDEMPOTENCY_KEY_IN_PROGRESS, IDEMPOTENCY_KEY_REUSED, idempotencyCrashPoints } from './idempotency';

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

/**
 * The write and its kept answer commit together (issue 26): a crash between them — the window the first version
 * left, where a repeat after the claim's lease ran the write again — cannot leave one without the other. A throw at
 * a crash point is the process dying there: its transaction is rolled back exactly as a killed connection's is.
 */
describe('Idempotency-Key across a crash', () => {
  afterEach(() => {
    delete idempotencyCrashPoints.beforeKeep;
    delete idempotencyCrashPoints.afterCommit;
  });

  const keptRow = async (key: string) => (await ctx.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, alice.id), eq(idempotencyKeys.key, key))))[0];
  const leaseRunOut = (key: string) => ctx.db.execute(sql`UPDATE idempotency_keys SET locked_until = now() - interval '1 second' WHERE key = ${key}`);

  it('killed after the write committed, before its answer went out: the answer was kept with it, and a repeat writes nothing', async () => {
    const key = randomUUID();
    idempotencyCrashPoints.afterCommit = () => {
      throw new Error('simulated crash after the commit');
    };
    const crashed = await createTask(alice, key, 'Patch the soffit');
    expect(crashed.statusCode).toBe(500);
    delete idempotencyCrashPoints.afterCommit;
    const [task] = await tasksNamed('Patch the soffit');
    expect(task).toBeDefined();
    const kept = await keptRow(key);
    expect(kept!.responseStatus).toBe(201);
    expect(JSON.parse(kept!.responseBody!).id).toBe(task!.id);
    // Long after any lease a dead process's claim could have had, the repeat still runs nothing.
    await leaseRunOut(key);
    const repeat = await createTask(alice, key, 'Patch the soffit');
    expect(repeat.statusCode).toBe(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json().id).toBe(task!.id);
    expect(await tasksNamed('Patch the soffit')).toHaveLength(1);
  });

  it('killed after the handler wrote, before its answer was kept: nothing was committed, and the repeat writes once', async () => {
    const key = randomUUID();
    idempotencyCrashPoints.beforeKeep = () => {
      throw new Error('simulated crash before the commit');
    };
    expect((await createTask(alice, key, 'Reset the gutter hangers')).statusCode).toBe(500);
    delete idempotencyCrashPoints.beforeKeep;
    // The handler's insert was in the transaction that died with it.
    expect(await tasksNamed('Reset the gutter hangers')).toHaveLength(0);
    // In process the error answer released the claim; a killed process's claim would stand until its lease. Either
    // way the repeat finds no kept answer and runs the write, which happens once.
    const repeat = await createTask(alice, key, 'Reset the gutter hangers');
    expect(repeat.statusCode).toBe(201);
    expect(repeat.headers['idempotent-replayed']).toBeUndefined();
    expect(await tasksNamed('Reset the gutter hangers')).toHaveLength(1);
    // And once more: the kept answer.
    const again = await createTask(alice, key, 'Reset the gutter hangers');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(repeat.json().id);
    expect(await tasksNamed('Reset the gutter hangers')).toHaveLength(1);
  });

  it('a repeat while the first is still inside its transaction waits for it and gets its answer: one write', async () => {
    const key = randomUUID();
    let held = 0;
    idempotencyCrashPoints.beforeKeep = async () => {
      held += 1;
      await sleep(400);
    };
    const [a, b] = await Promise.all([createTask(alice, key, 'Flash the chimney'), sleep(50).then(() => createTask(alice, key, 'Flash the chimney'))]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(held).toBe(1);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json().id).toBe(a.json().id);
    expect(await tasksNamed('Flash the chimney')).toHaveLength(1);
  });

  it('a write that is not the offline queue\'s (New Job) keeps its answer after the handler, outside any transaction: the key still makes a repeat a replay', async () => {
    // Only endpoints the contract marks offlineQueued run in one transaction with their answer: a key sent to a slow
    // handler (a model, Google) must not hold a transaction — on PGlite every other query — for its whole run.
    let held = 0;
    idempotencyCrashPoints.beforeKeep = async () => void (held += 1);
    const key = randomUUID();
    const create = () => ctx.app.inject({ method: 'POST', url: '/api/jobs', headers: { ...alice.headers, 'idempotency-key': key }, payload: { client_name: `Keyed ${key}` } });
    const first = await create();
    const repeat = await create();
    expect([first.statusCode, repeat.statusCode]).toEqual([201, 201]);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json().id).toBe(first.json().id);
    expect(held).toBe(0);
    const jobs = await ctx.app.inject({ method: 'GET', url: `/api/jobs?search=${encodeURIComponent(`Keyed ${key}`)}`, headers: alice.headers });
    expect(jobs.statusCode).toBe(200);
    expect(JSON.stringify(jobs.json()).split(first.json().id).length - 1).toBe(1);
  });

  // A takeover needs two connections at once (PGlite has one: the repeat would simply wait for the first, as above).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('a repeat that took over a claim whose lease ran out while the first still ran: only one of them commits', async () => {
    const key = randomUUID();
    let second: ReturnType<typeof createTask> | undefined;
    idempotencyCrashPoints.beforeKeep = async () => {
      delete idempotencyCrashPoints.beforeKeep;
      // The first has written (uncommitted) and stalls past its lease; a repeat takes the claim over. (The repeat's
      // own insert then waits for the first's row locks — the workspace's counts —, so the first goes on once the
      // claim is no longer its own.)
      const claimedAt = (await keptRow(key))!.createdAt.getTime();
      await leaseRunOut(key);
      second = createTask(alice, key, 'Brace the ridge');
      await expect.poll(async () => (await keptRow(key))!.createdAt.getTime(), { timeout: 10_000, interval: 20 }).not.toBe(claimedAt);
    };
    const first = await createTask(alice, key, 'Brace the ridge');
    const taken = await second!;
    expect(first.statusCode).toBe(409);
    expect(first.json().error).toEqual({ code: 'CONFLICT', message: IDEMPOTENCY_KEY_IN_PROGRESS });
    expect(taken.statusCode).toBe(201);
    expect(await tasksNamed('Brace the ridge')).toHaveLength(1);
    const repeat = await createTask(alice, key, 'Brace the ridge');
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json().id).toBe(taken.json().id);
  });
});
