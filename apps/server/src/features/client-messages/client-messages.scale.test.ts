import { DEFAULT_CLIENT_MESSAGE_RULES, type ClientMessageRules } from '@fieldbook/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Tx } from '../../db/client';
import { clientMessageQueue, clientMessageSettings } from '../../db/schema';
import { claimOne } from '../../platform/jobs';
import { insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { clientMessageJob, FAIR_CAP } from './deliver';
import { SCAN_PAGE, scanWorkspace } from './scan';

/**
 * The scan and the deliver job's claim at scale (issue 36's bench found three faults): each test counts the rows the
 * database read — tuples returned and fetched from the table and its indexes, PostgreSQL's own per-transaction
 * counters — so "bounded" is checked without a clock on this shared machine.
 */

let ctx: TestContext;
let alice: TestUser;
let eve: TestUser;
const T0 = new Date('2027-03-01T15:00:00Z');

/** What `work` made the database read of `table` (its heap and every index of it), in one transaction. */
async function rowsRead(table: string, work: (db: Db) => Promise<unknown>): Promise<number> {
  return ctx.db.transaction(async (tx: Tx) => {
    const read = async () => {
      const result = (await tx.execute(sql`
        select coalesce(sum(pg_stat_get_xact_tuples_returned(c.oid) + pg_stat_get_xact_tuples_fetched(c.oid)), 0)::int as n from pg_class c
        where c.oid = ${table}::regclass or c.oid in (select indexrelid from pg_index where indrelid = ${table}::regclass)`)) as unknown as { rows: { n: number }[] };
      return result.rows[0]!.n;
    };
    const before = await read();
    // The work runs in this transaction (its own transactions become savepoints), so the counters are its alone.
    await work(tx as unknown as Db);
    return (await read()) - before;
  });
}

async function rulesOn(workspaceId: string, patch: (r: ClientMessageRules) => void) {
  const rules = structuredClone(DEFAULT_CLIENT_MESSAGE_RULES);
  patch(rules);
  await ctx.db
    .insert(clientMessageSettings)
    .values({ workspaceId, rules, reviewLink: 'https://g.page/r/review', scanning: true, quoteCursor: T0, reviewSince: T0 })
    .onConflictDoUpdate({ target: clientMessageSettings.workspaceId, set: { rules, scanning: true, quoteCursor: T0, quoteCursorId: null, reviewSince: T0, reviewCursorId: null } });
}

const armed = async (workspaceId: string, rule: 'quote_follow_up' | 'review_request') =>
  (await ctx.db.select({ n: count() }).from(clientMessageQueue).where(and(eq(clientMessageQueue.workspaceId, workspaceId), eq(clientMessageQueue.rule, rule))))[0]!.n;
const distinctSubjects = async (workspaceId: string, rule: 'quote_follow_up' | 'review_request') =>
  (await ctx.db.select({ n: sql<number>`count(distinct ${clientMessageQueue.subjectId})::int` }).from(clientMessageQueue).where(and(eq(clientMessageQueue.workspaceId, workspaceId), eq(clientMessageQueue.rule, rule))))[0]!.n;

let sequence = 10_000;
/** `n` sent quotes of the workspace's job: first sent at `at(g)` (SQL over g = 0..n-1). */
async function insertQuotes(user: TestUser, jobId: string, n: number, at: string) {
  const first = sequence;
  sequence += n;
  await ctx.db.execute(sql`
    insert into quotes (workspace_id, job_id, family_id, number, sequence, status, title, expires_on, expires_at, first_sent_at, sent_at)
    select ${user.workspaceId}, ${jobId}, gen_random_uuid(), 'Q-' || (${first}::int + g), ${first}::int + g, 'sent', 'Roof ' || g, '2027-06-30', '2027-07-01T05:00:00Z', ${sql.raw(at)}, ${sql.raw(at)}
    from generate_series(0, ${n - 1}::int) g`);
}

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createTestUser(ctx, { workspaceName: 'Lopez Roofing' });
  eve = await createTestUser(ctx, { workspaceName: 'Other Roofing' });
}, 300_000);
afterAll(() => ctx?.close());

describe('the follow-up scan', { timeout: 300_000 }, () => {
  it('more quotes sent in one instant than a page are each armed once: the cursor is a keyset of time and id', async () => {
    const job = await insertJob(ctx.db, { workspaceId: alice.workspaceId!, createdBy: alice.id, title: 'Roof', clientName: 'Maria Garcia' });
    await rulesOn(alice.workspaceId!, (r) => (r.quote_follow_up = { ...r.quote_follow_up, enabled: true, first_after_days: 3, second_after_days: null }));
    const n = SCAN_PAGE + 100;
    await insertQuotes(alice, job.id, n, `'2027-03-02T15:00:00.123Z'::timestamptz`);
    for (let run = 0; run < 3; run++) await scanWorkspace(ctx.db, alice.workspaceId!, new Date('2027-03-03T15:00:00Z'));
    // It kept its place at the last quote of the instant, not before it: 600, not the same 500 read three times.
    expect(await distinctSubjects(alice.workspaceId!, 'quote_follow_up')).toBe(n);
    expect(await armed(alice.workspaceId!, 'quote_follow_up')).toBe(n);
    const [row] = await ctx.db.select().from(clientMessageSettings).where(eq(clientMessageSettings.workspaceId, alice.workspaceId!));
    expect(row!.quoteCursor!.toISOString()).toBe('2027-03-02T15:00:00.123Z');
    expect(row!.quoteCursorId).not.toBeNull();
  });

  it('jobs completed in one transaction (one now(), to the microsecond) beyond a page each get their review request once', async () => {
    await rulesOn(eve.workspaceId!, (r) => (r.review_request = { ...r.review_request, enabled: true, after_days: 0 }));
    const n = SCAN_PAGE + 50;
    // now() is the transaction's: every row the same instant, with microseconds the scan's Date cannot hold.
    await ctx.db.execute(sql`
      insert into jobs (workspace_id, created_by, client_name, title, status, updated_at)
      select ${eve.workspaceId}, ${eve.id}, 'Client ' || g, 'Roof ' || g, 'completed', '2027-03-02T15:00:00.123456Z'::timestamptz from generate_series(1, ${n}::int) g`);
    for (let run = 0; run < 3; run++) await scanWorkspace(ctx.db, eve.workspaceId!, new Date('2027-03-03T15:00:00Z'));
    expect(await distinctSubjects(eve.workspaceId!, 'review_request')).toBe(n);
  });

  it('a run reads its page from an index on (workspace, first sent, id), from its place on: not the workspace’s every quote', async () => {
    const job = await insertJob(ctx.db, { workspaceId: eve.workspaceId!, createdBy: eve.id, title: 'Roof', clientName: 'Sam Patel' });
    await rulesOn(eve.workspaceId!, (r) => (r.quote_follow_up = { ...r.quote_follow_up, enabled: true }));
    const n = 3 * SCAN_PAGE;
    // As a workspace's table grows: in the order they were sent, 8 pages' worth before the rule was switched on (T0),
    // never to be read, then n over the 30 days after it.
    await insertQuotes(eve, job.id, 8 * SCAN_PAGE, `'2027-03-01T15:00:00Z'::timestamptz - (${8 * SCAN_PAGE} - g) * interval '2 hours'`);
    await insertQuotes(eve, job.id, n, `'2027-03-01T15:00:00Z'::timestamptz + g * interval '1 minute 11 seconds'`);
    await ctx.db.execute(sql`analyze quotes`);
    const now = new Date('2027-04-15T15:00:00Z');
    const catchingUp: number[] = [];
    for (let run = 0; run < 4; run++) catchingUp.push(await rowsRead('quotes', (db) => scanWorkspace(db, eve.workspaceId!, now)));
    expect(await distinctSubjects(eve.workspaceId!, 'quote_follow_up')).toBe(n);
    // Each page: its rows (index entries and heap fetches, twice each at most), not the quotes before the place.
    for (const reads of catchingUp) expect(reads).toBeLessThanOrEqual(2 * SCAN_PAGE + 10);
    // Caught up: a run with nothing new reads next to nothing (the whole workspace's quotes before).
    const idle = await rowsRead('quotes', (db) => scanWorkspace(db, eve.workspaceId!, now));
    expect(idle).toBeLessThanOrEqual(10);
  });
});

describe('the deliver job’s claim', { timeout: 300_000 }, () => {
  it('stays fair (a workspace with one message waiting goes first) and reads a bounded number of rows however long the backlog', async () => {
    const busyJob = await insertJob(ctx.db, { workspaceId: alice.workspaceId!, createdBy: alice.id, title: 'Gutters', clientName: 'Ana Kim' });
    const quietJob = await insertJob(ctx.db, { workspaceId: eve.workspaceId!, createdBy: eve.id, title: 'Siding', clientName: 'Lee Brown' });
    await ctx.db.delete(clientMessageQueue);
    const backlog = 20 * FAIR_CAP;
    const due = (minutesAgo: string) => sql`now() - (${sql.raw(minutesAgo)}) * interval '1 minute'`;
    await ctx.db.execute(sql`
      insert into client_message_queue (workspace_id, rule, occurrence, job_id, subject_id, status, due_at)
      select ${alice.workspaceId}, 'review_request', 'backlog:' || g, ${busyJob.id}, gen_random_uuid(), 'pending', ${due('100000 - g')}
      from generate_series(1, ${backlog}::int) g`);
    // Waiting for later (not due): in the index, never counted.
    await ctx.db.execute(sql`
      insert into client_message_queue (workspace_id, rule, occurrence, job_id, subject_id, status, due_at)
      select ${alice.workspaceId}, 'review_request', 'later:' || g, ${busyJob.id}, gen_random_uuid(), 'pending', now() + g * interval '1 hour'
      from generate_series(1, 500) g`);
    const [quiet] = await ctx.db
      .insert(clientMessageQueue)
      .values({ workspaceId: eve.workspaceId!, rule: 'review_request', occurrence: 'quiet:1', jobId: quietJob.id, subjectId: quietJob.id, status: 'pending', dueAt: new Date(Date.now() - 60_000) })
      .returning();
    await ctx.db.execute(sql`analyze client_message_queue`);
    const job = clientMessageJob({ db: ctx.db, signer: ctx.signer, publicUrl: ctx.config.publicUrl });
    let claimed: { id: string; workspaceId: string; occurrence: string } | undefined;
    const first = await rowsRead('client_message_queue', async (db) => (claimed = (await claimOne(db, job))?.row));
    // The quiet workspace's one message before the busy one's thousands due long before it.
    expect(claimed?.id).toBe(quiet!.id);
    // Its cost: at most FAIR_CAP rows of the busy workspace, not its backlog.
    expect(first).toBeLessThanOrEqual(3 * FAIR_CAP);
    const second = await rowsRead('client_message_queue', async (db) => (claimed = (await claimOne(db, job))?.row));
    // Then the busy workspace's oldest.
    expect(claimed).toMatchObject({ workspaceId: alice.workspaceId, occurrence: `backlog:1` });
    expect(second).toBeLessThanOrEqual(3 * FAIR_CAP);
  });
});
