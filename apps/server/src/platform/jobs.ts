import { AsyncLocalStorage } from 'node:async_hooks';
import { and, asc, eq, getTableColumns, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import type { MetricsSource } from './metrics';
import { runWithRequestId } from './request-context';
import { startTableWorker, type TableWorker } from './table-worker';

/**
 * One job runner for every kind of background work (ADR 0008, amending 0006). The domain row is the job — a
 * document to process, a recording to transcribe, a mail to send, a group assistant to train — and a job is declared
 * once with `defineJob`: which rows are its work, which columns hold the due time, the lease and the attempts, how
 * long a lease lasts, how many attempts and what backoff, and what a retry and a final failure write. The claim, the
 * lease, the attempt count, the backoff, the give-up and the metrics are this file's, one code path for all of them.
 *
 * The claim (design.md §7) is a short transaction: the oldest due row whose lease is free, FOR UPDATE SKIP LOCKED (so
 * processes on one database never take the same row), attempts + 1 and locked_until = now() + leaseMs written in
 * it. The work runs outside any transaction. A process that dies leaves its lease, which another process (or this
 * one after a restart) outlives; on the embedded database, which no other process can use, leases left by a killed
 * process are released at start instead (`exclusive`). The attempt is counted at the claim, not when the work
 * fails: a due row whose attempts are all used up is given up at the claim — each one was claimed and none wrote an
 * outcome, so the work took its process down each time.
 *
 * An error a job's work lets escape past its promise — thrown in a callback, timer or event handler the work started,
 * as pdfkit's PNG decoder did from its inflate callback (issue 32) — fails that attempt instead of ending the process
 * (catchEscapedJobErrors, installed by main.ts).
 */

/** The columns and conditions of a job's table, declared once. */
export type JobQueue = {
  table: PgTable;
  /** The primary key. */
  key: PgColumn;
  /** Rows that are this job's work, due or not (e.g. status = 'processing'). Writes of the runner are guarded by it. */
  pending: SQL;
  /** When the next try is due (next_attempt_at); a retry's backoff is written here. */
  dueAt: PgColumn;
  /** The claim's lease: while it is ahead a process is working on the row. */
  lockedUntil: PgColumn;
  /** Tries so far, counted at the claim. */
  attempts: PgColumn;
  /** Rows that ended failed, for the metrics (e.g. status = 'failed'). */
  failed: SQL;
  /**
   * Whose work a row is (e.g. workspace_id): the claim serves the owner with the fewest rows due first, so one
   * company's bulk upload does not keep another's single file waiting behind it. Without it, the oldest due row first.
   */
  fairBy?: PgColumn;
  /**
   * With `fairBy`: count at most this many due rows of each owner (one with more is simply busy; among those the oldest
   * due row goes first). The claim then walks the owners with pending rows, reading at most this many rows of each,
   * instead of counting the whole backlog at every claim. Needs an index on (fairBy, dueAt) over the pending rows.
   */
  fairCap?: number;
};

export type JobDefinition<Row = never> = {
  /** The job's name in logs and metrics (`job` label). */
  name: string;
  queue: JobQueue;
  leaseMs: number;
  maxAttempts: number;
  /** How long after a failed attempt (the count including it) the next one is due. */
  backoffMs: (attempts: number) => number;
  /** How often a running runner looks for due rows. */
  intervalMs: number;
  /** The row in log lines: "processing document <id>". */
  describe: (row: Row) => string;
  /**
   * Does the work and writes its outcome to the row (taking it out of `pending`, or rescheduling it through `dueAt`
   * with its lease cleared). Throwing fails the attempt: the runner writes `onRetry`'s values and the backoff, or
   * `onGiveUp`'s after the last attempt or for an error `isFinal` names.
   */
  work: (row: Row) => Promise<void>;
  /** An error a retry would meet again (a limit reached, a program missing): given up at once. */
  isFinal?: (err: unknown) => boolean;
  /** The reason kept on the row for an error (default: its message). */
  reason?: (err: unknown) => string;
  /** What a failed attempt that will be retried writes besides the backoff (the reason, a status). */
  onRetry: (row: Row, reason: string) => Record<string, unknown>;
  /** What a final failure writes: after the last attempt, for a final error, or at the claim when attempts ran out. */
  onGiveUp: (row: Row, reason: string) => Record<string, unknown>;
  /** The reason given when every attempt was claimed and none wrote an outcome. */
  givenUpReason: (attempts: number) => string;
  /** Extra guard on the runner's writes for this row (e.g. the step it was claimed at). */
  stillClaimed?: (row: Row) => SQL;
  /** Values written at the claim besides attempts and the lease (e.g. transcription_status = 'processing'). */
  onClaim?: Record<string, unknown>;
  /** A due row that needs no work: the values it gets instead, written in the claim's transaction (it counts as handled). */
  settle?: (row: Row) => Record<string, unknown> | null;
  /** Ends the drain at a failed attempt (a provider that refused one message is likely down): tried again next tick. */
  stopDrainOnFailure?: boolean;
};

/** Declares a job; the `Row` type is the table's row. */
export function defineJob<Row>(definition: JobDefinition<Row>): JobDefinition<Row> {
  return definition;
}

// Jobs of different row types run side by side; the runner only hands each its own rows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJob = JobDefinition<any>;

/** What a job's log line is about: the job, and the request that queued the row when its table keeps it (`request_id`). */
export type JobLogContext = { job: string; reqId?: string };
/** Failed attempts and give-ups (level warn). */
export type JobLog = (msg: string, err?: unknown, context?: JobLogContext) => void;
/** Each claim and each success (level info): with `reqId`, one request's work can be followed into its jobs. */
export type JobTrace = (msg: string, context: JobLogContext) => void;

/** The log context of a row: its job and, if its table has a request_id column, the request that queued it. */
function contextOf(job: AnyJob, row: unknown): JobLogContext {
  const reqId = 'requestId' in getTableColumns(job.queue.table) ? (row as { requestId?: string | null }).requestId : null;
  return reqId ? { job: job.name, reqId } : { job: job.name };
}

const later = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;
const leaseFree = (q: JobQueue) => or(isNull(q.lockedUntil), lte(q.lockedUntil, sql`now()`))!;
const errorReason = (err: unknown) => (err instanceof Error ? err.message : String(err));

type Claimed<Row> = { row: Row; settled: boolean };

/** The claim of one due row for `job` (see the top of the file); null when none is due. */
export function claimOne<Row>(db: Db, job: JobDefinition<Row>, log?: JobLog): Promise<Claimed<Row> | null> {
  const q = job.queue;
  return db.transaction(async (tx: Tx) => {
    for (;;) {
      const row = q.fairBy ? await leastBacklog<Row>(tx, q, q.fairBy, q.fairCap) : await oldestDue<Row>(tx, q);
      if (!row) return null;
      const key = keyOf(row, q);
      const settled = job.settle?.(row);
      if (settled) {
        await tx.update(q.table).set(settled).where(eq(q.key, key));
        return { row, settled: true };
      }
      const attempts = (row as Record<string, number>)[propertyOf(q, q.attempts)]!;
      if (attempts >= job.maxAttempts) {
        // Every attempt was claimed and none wrote an outcome (a failure at the last one gives the row up): the work
        // took its process down each time. Give it up instead of working on it again.
        const reason = job.givenUpReason(attempts);
        await tx
          .update(q.table)
          .set({ ...job.onGiveUp(row, reason), [propertyOf(q, q.lockedUntil)]: null })
          .where(eq(q.key, key));
        log?.(`${job.describe(row)} given up: ${attempts} attempts ended without a result`, undefined, contextOf(job, row));
        continue;
      }
      await tx
        .update(q.table)
        .set({ ...job.onClaim, [propertyOf(q, q.attempts)]: attempts + 1, [propertyOf(q, q.lockedUntil)]: later(job.leaseMs) })
        .where(eq(q.key, key));
      return { row: { ...row, ...job.onClaim, [propertyOf(q, q.attempts)]: attempts + 1 }, settled: false };
    }
  });
}

const due = (q: JobQueue) => and(q.pending, lte(q.dueAt, sql`now()`), leaseFree(q));

async function oldestDue<Row>(tx: Tx, q: JobQueue): Promise<Row | undefined> {
  const [row] = await tx.select().from(q.table).where(due(q)).orderBy(asc(q.dueAt)).limit(1).for('update', { skipLocked: true });
  return row as Row | undefined;
}

/** How many rows a fair claim looks at: another process may hold some of them for the moment of its own claim. */
const FAIR_CANDIDATES = 8;

/**
 * The due row of the owner with the fewest rows due, the oldest of them first: a company with one file waiting goes
 * before one with fifty, whose bulk is worked through whenever no one else waits. (Stateless, so every process on
 * one database claims by the same rule.) The ranking reads without locks; the row is then locked like any claim,
 * skipping those another process is claiming at this moment.
 */
async function leastBacklog<Row>(tx: Tx, q: JobQueue, owner: PgColumn, cap: number | undefined): Promise<Row | undefined> {
  let order: unknown[];
  if (cap === undefined) {
    const ranked = tx
      .select({ key: sql`${q.key}`.as('key'), dueAt: sql`${q.dueAt}`.as('due_at'), backlog: sql<number>`count(*) over (partition by ${owner})`.as('backlog') })
      .from(q.table)
      .where(due(q))
      .as('ranked');
    order = (await tx.select({ key: ranked.key }).from(ranked).orderBy(asc(ranked.backlog), asc(ranked.dueAt)).limit(FAIR_CANDIDATES)).map((r) => r.key);
  } else {
    order = (await tx.execute(cappedBacklogSql(q, owner, cap)) as unknown as { rows: { key: unknown }[] }).rows.map((r) => r.key);
  }
  if (order.length === 0) return undefined;
  const lockable = (await tx.select().from(q.table).where(and(inArray(q.key, order), due(q))).for('update', { skipLocked: true })) as Row[];
  const byKey = new Map(lockable.map((row) => [keyOf(row, q), row]));
  return order.map((key) => byKey.get(key)).find((row) => row !== undefined);
}

/**
 * The fair order with each owner's backlog counted up to `cap`: the owners with pending rows one index descent each
 * (a recursive walk from one owner to the next), then each one's oldest due rows, at most `cap`, from the index on
 * (owner, due). Reads at most `cap` rows per owner whatever the backlog; ranks as the full count does below the cap.
 * (Ordered by owner and due, the index's own order: by due alone the planner may walk the due rows of every owner.)
 */
function cappedBacklogSql(q: JobQueue, owner: PgColumn, cap: number): SQL {
  const limit = sql.raw(String(Math.max(1, Math.floor(cap))));
  return sql`with recursive owners(owner) as (
      (select ${owner} from ${q.table} where ${q.pending} order by ${owner} limit 1)
      union all
      select (select ${owner} from ${q.table} where ${q.pending} and ${owner} > owners.owner order by ${owner} limit 1)
      from owners where owners.owner is not null
    )
    select waiting.key from owners
    cross join lateral (
      select due.key, due.due_at, count(*) over () as backlog from (
        select ${q.key} as key, ${q.dueAt} as due_at from ${q.table} where ${owner} = owners.owner and ${due(q)} order by ${owner}, ${q.dueAt} limit ${limit}
      ) due
    ) waiting
    where owners.owner is not null
    order by waiting.backlog, waiting.due_at
    limit ${sql.raw(String(FAIR_CANDIDATES))}`;
}

/** The row object's property name of a column (drizzle maps snake_case columns to camelCase keys). */
function propertyOf(q: JobQueue, column: PgColumn): string {
  for (const [property, c] of Object.entries(getTableColumns(q.table))) if (c === column) return property;
  throw new Error(`Column ${column.name} is not in the job's table`);
}
function keyOf(row: unknown, q: JobQueue): unknown {
  return (row as Record<string, unknown>)[propertyOf(q, q.key)];
}

/** The attempt in flight that a piece of code belongs to: set around a job's work, kept by every callback it starts. */
type AttemptInFlight = { job: string; row: string; isOver: boolean; fail: (err: unknown) => void };
const attemptInFlight = new AsyncLocalStorage<AttemptInFlight>();

/**
 * Makes an error that escaped every promise fail the job attempt it came from instead of ending the process: a
 * listener of 'uncaughtException' (which also receives unhandled rejections while no 'unhandledRejection' listener
 * exists) that finds the attempt through the async context the throwing callback was created in. The attempt then
 * fails like any failure — retried with its backoff, or given up — and the process goes on: only the abandoned work's
 * own objects saw the error. Anything else (no attempt, or one already over) goes to `fatal`, which must end the
 * process as Node would have. Answers the listener's removal. main.ts installs it once the jobs start.
 */
export function catchEscapedJobErrors(opts: { log: JobLog; fatal: (err: unknown, origin: string) => void }): () => void {
  const listener = (err: unknown, origin: string) => {
    const attempt = attemptInFlight.getStore();
    if (!attempt || attempt.isOver) return opts.fatal(err, origin);
    opts.log(`${attempt.row}: an error escaped the job's work (${origin}); the attempt is failed, the process goes on`, err, { job: attempt.job });
    attempt.fail(err);
  };
  process.on('uncaughtException', listener);
  return () => void process.off('uncaughtException', listener);
}

/**
 * The job's work in its own async context (attemptInFlight): settles with the work, or fails with the first error
 * that escapes it (catchEscapedJobErrors) — the work's own promise may then never settle, and is left behind.
 */
async function runAttempt<Row>(job: JobDefinition<Row>, row: Row, reqId: string | undefined): Promise<void> {
  let fail: (err: unknown) => void = () => {};
  const escaped = new Promise<never>((_resolve, reject) => (fail = reject));
  const attempt: AttemptInFlight = { job: job.name, row: job.describe(row), isOver: false, fail: (err) => fail(err) };
  try {
    await Promise.race([attemptInFlight.run(attempt, () => runWithRequestId(reqId, () => job.work(row))), escaped]);
  } finally {
    attempt.isOver = true;
  }
}

/**
 * Works on one claimed row; answers false when the attempt failed. The work runs in the context of the request that
 * queued the row (platform/request-context.ts), so what it queues in turn keeps that request's id.
 */
async function runOne<Row>(db: Db, job: JobDefinition<Row>, row: Row, log?: JobLog, trace?: JobTrace): Promise<boolean> {
  const q = job.queue;
  const context = contextOf(job, row);
  const attempts = (row as Record<string, number>)[propertyOf(q, q.attempts)]!;
  const started = Date.now();
  trace?.(`${job.describe(row)}: started (attempt ${attempts})`, context);
  try {
    await runAttempt(job, row, context.reqId);
    trace?.(`${job.describe(row)}: done in ${Date.now() - started} ms (attempt ${attempts})`, context);
    return true;
  } catch (err) {
    log?.(`${job.describe(row)} failed (attempt ${attempts})`, err, context);
    const reason = (job.reason ?? errorReason)(err);
    const isFinal = attempts >= job.maxAttempts || (job.isFinal?.(err) ?? false);
    const values = isFinal ? job.onGiveUp(row, reason) : { ...job.onRetry(row, reason), [propertyOf(q, q.dueAt)]: later(job.backoffMs(attempts)) };
    await db
      .update(q.table)
      .set({ ...values, [propertyOf(q, q.lockedUntil)]: null })
      .where(and(eq(q.key, keyOf(row, q)), q.pending, job.stillClaimed?.(row)));
    if (isFinal) log?.(`${job.describe(row)} given up after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${reason}`, undefined, context);
    return false;
  }
}

/** Due, running, waiting (for a backoff or a later step) and failed rows of a job, across every process on the database. */
export type JobCounts = { job: string; due: number; running: number; waiting: number; failed: number };

export async function countJob(db: Db, job: AnyJob): Promise<JobCounts> {
  const q = job.queue;
  const [pending] = await db
    .select({
      due: sql<number>`count(*) filter (where ${q.dueAt} <= now() and ${leaseFree(q)})::int`,
      running: sql<number>`count(*) filter (where ${q.lockedUntil} > now())::int`,
      waiting: sql<number>`count(*) filter (where ${q.dueAt} > now() and ${leaseFree(q)})::int`,
    })
    .from(q.table)
    .where(q.pending);
  const [failed] = await db.select({ n: sql<number>`count(*)::int` }).from(q.table).where(q.failed);
  return { job: job.name, due: pending?.due ?? 0, running: pending?.running ?? 0, waiting: pending?.waiting ?? 0, failed: failed?.n ?? 0 };
}

/** One job's loop: claims while rows are due, `intervalMs` apart when given (tests drain by hand). */
export function startJob<Row>(
  db: Db,
  job: JobDefinition<Row>,
  opts: { intervalMs?: number | undefined; log?: JobLog | undefined; trace?: JobTrace | undefined } = {},
): TableWorker {
  return startTableWorker<Claimed<Row>>({
    claim: () => claimOne(db, job, opts.log),
    work: async (claimed) => claimed.settled || (await runOne(db, job, claimed.row, opts.log, opts.trace)) || !job.stopDrainOnFailure,
    intervalMs: opts.intervalMs,
    onError: (err) => opts.log?.(`${job.name}: claiming failed`, err),
  });
}

/** Work that is not a row: run every `everyMs` (and once at start), awaited by stop(). */
export type PeriodicTask = { name: string; everyMs: number; run: () => Promise<unknown> };

export type JobRunner = {
  /** Claims and works until nothing of `name` is due (tests, and at start). */
  drain: (name: string) => Promise<number>;
  /**
   * Stops claiming, waits for the rows in hand (at most `timeoutMs`; without it until they finish — main.ts bounds the
   * whole shutdown itself); answers whether all finished in time.
   */
  stop: (timeoutMs?: number) => Promise<boolean>;
  counts: () => Promise<JobCounts[]>;
};

/**
 * Starts every declared job (main.ts, in one place). With `exclusive` (the embedded database behind its data-dir
 * lock: no other process can hold a lease) the leases a killed process left are released first, so its rows are
 * worked on at once instead of after their lease; on PostgreSQL other processes may be alive and their leases stand.
 */
export async function startJobs(opts: {
  db: Db;
  jobs: AnyJob[];
  tasks?: PeriodicTask[];
  exclusive: boolean;
  log?: JobLog;
  trace?: JobTrace;
  /** Tests: no timers, drain by hand. */
  poll?: boolean;
}): Promise<JobRunner> {
  const { db, log } = opts;
  if (opts.exclusive) {
    for (const job of opts.jobs) {
      const released = await releaseLeases(db, job);
      if (released > 0) log?.(`${job.name}: ${released} lease${released === 1 ? '' : 's'} left by a stopped process released`);
    }
  }
  const poll = opts.poll ?? true;
  const workers = new Map(opts.jobs.map((job) => [job.name, startJob(db, job, { intervalMs: poll ? job.intervalMs : undefined, log, trace: opts.trace })]));
  const running = new Set<Promise<unknown>>();
  const timers: NodeJS.Timeout[] = [];
  let isStopping = false;
  for (const task of opts.tasks ?? []) {
    const run = () => {
      if (isStopping) return;
      const p = task.run().catch((err: unknown) => log?.(`${task.name} failed`, err));
      running.add(p);
      void p.finally(() => running.delete(p));
    };
    run();
    if (poll) timers.push(setInterval(run, task.everyMs).unref());
  }
  // The first look at once: work left due by the last run starts now, not an interval later.
  if (poll) for (const worker of workers.values()) worker.drain().catch(() => {});

  return {
    drain: (name) => {
      const worker = workers.get(name);
      if (!worker) throw new Error(`No job named ${name}`);
      return worker.drain();
    },
    stop: async (timeoutMs) => {
      isStopping = true;
      for (const t of timers) clearInterval(t);
      const settled = Promise.all([...[...workers.values()].map((w) => w.close()), ...running]).then(() => true);
      if (timeoutMs === undefined) return settled;
      let timer: NodeJS.Timeout | undefined;
      const inTime = await Promise.race([settled, new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)))]);
      clearTimeout(timer);
      return inTime;
    },
    counts: () => Promise.all(opts.jobs.map((job) => countJob(db, job))),
  };
}

/**
 * The jobs' gauges for GET /metrics (platform/metrics.ts; app.ts registers them): due, running, waiting and failed
 * rows per job, read from the database at each scrape — the same on every process, whichever one is scraped.
 */
export function jobMetrics(db: Db, jobs: AnyJob[]): MetricsSource[] {
  // One set of queries per scrape, shared by the four gauges.
  const counts = shared(() => Promise.all(jobs.map((job) => countJob(db, job))));
  const gauge = (field: 'due' | 'running' | 'waiting' | 'failed', help: string): MetricsSource => ({
    name: `jobs_${field}`,
    help,
    labels: ['job'],
    read: async () => (await counts()).map((c) => ({ labels: { job: c.job }, value: c[field] })),
  });
  return [
    gauge('due', 'Background jobs due now and not claimed, by job'),
    gauge('running', 'Background jobs claimed and being worked on (lease ahead), by job, across all processes'),
    gauge('waiting', 'Background jobs waiting for a retry backoff or a later step, by job'),
    gauge('failed', 'Background jobs that ended failed, by job'),
  ];
}

/** Releases every lease of `job` (the embedded database at start: the process that held them is gone). */
export async function releaseLeases(db: Db, job: AnyJob): Promise<number> {
  const q = job.queue;
  const released = await db
    .update(q.table)
    .set({ [propertyOf(q, q.lockedUntil)]: null })
    .where(and(q.pending, gt(q.lockedUntil, sql`now()`)))
    .returning({ key: q.key });
  return released.length;
}

/** One read shared by the callers that ask while it runs (the four gauges of one scrape), then a fresh one. */
function shared<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () => (inFlight ??= read().finally(() => (inFlight = undefined)));
}
