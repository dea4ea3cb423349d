import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { insertContact, insertJob, insertTask } from '../../test/factories';

// design.md §11: zero 5xx under fuzzed input, and a refused request changes nothing. Every work endpoint (jobs,
// tasks, contacts, search, dashboards) with bodies and query strings close to valid ones, ids of the caller's own
// rows, of another workspace's rows, and garbage.
let ctx: TestContext;
let alice: TestUser;
let eve: TestUser;
let ids: string[];

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createTestUser(ctx);
  eve = await createTestUser(ctx);
  const job = await insertJob(ctx.db, { workspaceId: alice.workspaceId! });
  const task = await insertTask(ctx.db, { workspaceId: alice.workspaceId!, jobId: job.id, assignedTo: '5551234567' });
  const contact = await insertContact(ctx.db, { ownerId: alice.id });
  const eveJob = await insertJob(ctx.db, { workspaceId: eve.workspaceId! });
  const eveTask = await insertTask(ctx.db, { workspaceId: eve.workspaceId!, jobId: eveJob.id });
  const eveContact = await insertContact(ctx.db, { ownerId: eve.id });
  ids = [job.id, task.id, contact.id, eveJob.id, eveTask.id, eveContact.id];
});
afterAll(() => ctx?.close());

/** Everything the endpoints could write, as one text: a refused request must leave it exactly as it was. */
async function snapshot(): Promise<string> {
  const result = (await ctx.db.execute(sql`SELECT
      (SELECT coalesce(json_agg(j ORDER BY j.id), '[]') FROM jobs j) AS jobs,
      (SELECT coalesce(json_agg(t ORDER BY t.id), '[]') FROM tasks t) AS tasks,
      (SELECT coalesce(json_agg(c ORDER BY c.id), '[]') FROM contacts c) AS contacts`)) as unknown as { rows: unknown[] };
  return JSON.stringify(result.rows);
}

const id = fc.oneof(
  fc.constantFrom(0, 1, 2, 3, 4, 5).map((i) => ids[i]!),
  fc.constantFrom('nope', '00000000-0000-0000-0000-000000000000', "1'; DROP TABLE jobs;--", '%25', '..%2F..', 'ffffffff-ffff-ffff-ffff-fffffffffffff'),
);
const nearValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom('active', 'completed', 'pending', 'in progress', 'cancelled', 'done', 'low', 'medium', 'high', 'urgent'),
  fc.constantFrom('2020-01-01', '2999-12-31', '2026-02-30', 'tomorrow', '(555) 123-4567', '+15551234567', '123', 'unassigned', ''),
  fc.constantFrom(' ', '   x  ', 'Roof', "O'Brien", '<b>x</b>', '%_\\', null, true, 0, -1, 1e12, [], {}),
  fc.string({ maxLength: 30 }),
);
const KEYS = [
  'description', 'job_id', 'assigned_to', 'due_date', 'priority', 'status', 'task_ids', 'client_name', 'property_address',
  'claim_number', 'title', 'metadata', 'document_types', 'name', 'phone_number', 'email', 'notes', 'role', 'id', 'workspace_id',
  'owner_id', '__proto__',
];
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...KEYS), nearValue, { maxKeys: 6 }),
  fc.record({ task_ids: fc.array(id, { maxLength: 4 }), assigned_to: nearValue }),
  fc.jsonValue({ maxDepth: 3 }),
);
// Values as text with JSON.stringify: fast-check's JSON objects can lack a prototype, and String() would throw.
const QUERY_KEYS = ['limit', 'offset', 'status', 'exclude_status', 'search', 'sort', 'q', 'query', 'job_id', 'assigned_to', 'group_id'];
const queryString = fc
  .dictionary(fc.constantFrom(...QUERY_KEYS, 'x'), fc.oneof(nearValue.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))), fc.constantFrom('10', '0', '-1', '501', '1e3', 'NaN')), { maxKeys: 4 })
  .map((q) => new URLSearchParams(q as Record<string, string>).toString());

type Target = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string };
// The routes under test; `ID` in a path is replaced by a fuzzed id (a real row's or not).
const ROUTES: [Target['method'], string][] = [
  ['GET', '/api/jobs'],
  ['POST', '/api/jobs'],
  ['GET', '/api/multi-workspace/jobs'],
  ['GET', '/api/tasks'],
  ['POST', '/api/tasks'],
  ['PUT', '/api/tasks/batch-assign'],
  ['GET', '/api/contacts'],
  ['POST', '/api/contacts'],
  ['GET', '/api/search'],
  ['GET', '/api/dashboard/stats'],
  ['GET', '/api/dashboard/tasks'],
  ['GET', '/api-fast/optimized/homepage-data'],
  ['GET', '/api/jobs/ID'],
  ['PUT', '/api/jobs/ID/status'],
  ['POST', '/api/jobs/ID/tasks'],
  ['GET', '/api/tasks/ID'],
  ['PUT', '/api/tasks/ID/status'],
  ['PUT', '/api/tasks/ID/assign'],
  ['GET', '/api/contacts/ID'],
  ['PUT', '/api/contacts/ID'],
  ['DELETE', '/api/contacts/ID'],
];
const routes = ROUTES.map(([method, url]): Target => ({ method, url }));
const target: fc.Arbitrary<Target> = fc.oneof(
  fc.constantFrom(...routes.filter((r) => !r.url.includes('ID'))),
  fc
    .tuple(id, fc.constantFrom(...routes.filter((r) => r.url.includes('ID'))))
    .map(([rowId, t]) => ({ method: t.method, url: t.url.replace('ID', rowId) })),
);

describe('work API under fuzzed input', () => {
  it('never answers 5xx; a refused request changes nothing and says why in the error envelope', async () => {
    await fc.assert(
      fc.asyncProperty(target, body, queryString, async (t, payload, query) => {
        const before = await snapshot();
        const res = await ctx.app.inject({
          method: t.method,
          url: query ? `${t.url}?${query}` : t.url,
          headers: { ...alice.headers, ...(t.method === 'GET' || t.method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
          ...(t.method === 'GET' || t.method === 'DELETE' ? {} : { payload: JSON.stringify(payload) }),
        });
        expect(res.statusCode, `${t.method} ${t.url}?${query} ${JSON.stringify(payload)} → ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) {
          expect(typeof res.json().error.code).toBe('string');
          expect(typeof res.json().error.message).toBe('string');
          expect(await snapshot()).toBe(before);
        }
      }),
      { numRuns: 300 },
    );
  });
});
