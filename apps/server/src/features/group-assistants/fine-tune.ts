import { fineTuneNeedsExamples, MIN_FINE_TUNE_EXAMPLES } from '@fieldbook/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { toFile } from 'openai';
import type { Db } from '../../db/client';
import { assistantTrainingExamples, groupAssistants } from './group-assistants.schema';
import { llmClient, llmErrorReason, type LlmConfig } from '../../platform/llm';
import { defineJob, startJob } from '../../platform/jobs';
import type { TableWorker } from '../../platform/table-worker';
import { WORKING_STATUSES } from './group-assistants.service';

type Row = typeof groupAssistants.$inferSelect;

export type FineTuneWorkerOptions = {
  db: Db;
  llm: LlmConfig;
  /** How often the worker looks for due rows (none: only when drained, as tests do). */
  intervalMs?: number | undefined;
  /** How long after a look at a running job the next one is due. */
  pollIntervalMs?: number;
  /** The first retry after an API failure is due this long after it; each further one twice as long. */
  retryBaseMs?: number;
  /** API failures in a row at one step before the training is failed with the last one's reason. */
  maxAttempts?: number;
  /** A claimed row is reserved this long (a worker that died leaves it to the next after that). */
  leaseMs?: number;
  log?: (msg: string, err?: unknown) => void;
};

/** The system message of every training example: the configured prompt, else one made of the configuration. */
export function trainingSystemPrompt(a: Pick<Row, 'name' | 'persona' | 'specialization' | 'systemPrompt'>): string {
  if (a.systemPrompt.trim()) return a.systemPrompt.trim();
  const parts = [`You are ${a.name.trim() || 'a contractor crew’s assistant'}.`];
  if (a.persona.trim()) parts.push(a.persona.trim());
  if (a.specialization.trim()) parts.push(`You specialize in ${a.specialization.trim()}.`);
  return parts.join(' ');
}

const trainingGivenUp = (attempts: number) => `Training stopped: ${attempts} attempts ended without a result`;

const later = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/**
 * Fine-tunes group assistants in the background (ADR 0006: the group_assistants row is the queue entry). A row in
 * a working status whose next_run_at is due and whose lease is free is claimed and moved one step on, and every
 * status written is what happened:
 * - collecting_examples: counts the approved examples; fewer than MIN_FINE_TUNE_EXAMPLES fails with the reason;
 * - preparing_data: writes them as chat JSONL (system, user, assistant), uploads it (purpose fine-tune) and creates
 *   the fine-tuning job on the configured base model → fine_tuning, with the job's id;
 * - fine_tuning: asks the API for the job every pollIntervalMs until it succeeded (→ completed with the model's id)
 *   or failed / was cancelled (→ failed with the job's own error).
 * An API error is retried with a doubling backoff (the SDK already retried once), then fails with its reason.
 */
export function fineTuneJob(opts: Omit<FineTuneWorkerOptions, 'intervalMs' | 'log'>) {
  const { db } = opts;
  const client = llmClient(opts.llm);
  const pollIntervalMs = opts.pollIntervalMs ?? 30_000;
  const retryBaseMs = opts.retryBaseMs ?? 30_000;
  const maxAttempts = opts.maxAttempts ?? 4;
  const leaseMs = opts.leaseMs ?? 10 * 60_000;
  const g = groupAssistants;

  /** Writes the row's next state, only while it is still in the state this step started from. */
  const advance = (row: Row, values: PgUpdateSetSource<typeof g>) =>
    db
      .update(g)
      .set({ lockedUntil: null, ...values })
      .where(and(eq(g.groupId, row.groupId), eq(g.creationStatus, row.creationStatus)));
  const fail = (row: Row, reason: string) => advance(row, { creationStatus: 'failed', failureReason: reason, nextRunAt: null, attempts: 0 });

  const approvedExamples = (groupId: string) =>
    db
      .select({ question: assistantTrainingExamples.question, answer: assistantTrainingExamples.answer })
      .from(assistantTrainingExamples)
      .where(and(eq(assistantTrainingExamples.groupId, groupId), eq(assistantTrainingExamples.status, 'approved')))
      .orderBy(desc(assistantTrainingExamples.qualityScore), asc(assistantTrainingExamples.id));

  async function collect(row: Row) {
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(assistantTrainingExamples)
      .where(and(eq(assistantTrainingExamples.groupId, row.groupId), eq(assistantTrainingExamples.status, 'approved')));
    const approved = counted?.n ?? 0;
    if (approved < MIN_FINE_TUNE_EXAMPLES) return fail(row, fineTuneNeedsExamples(approved));
    await advance(row, { creationStatus: 'preparing_data', attempts: 0, nextRunAt: sql`now()` });
  }

  async function prepare(row: Row) {
    let fileId = row.trainingFileId;
    if (!fileId) {
      const examples = await approvedExamples(row.groupId);
      // Examples may have been rejected since they were counted.
      if (examples.length < MIN_FINE_TUNE_EXAMPLES) return fail(row, fineTuneNeedsExamples(examples.length));
      const system = trainingSystemPrompt(row);
      const jsonl = examples
        .map((e) => JSON.stringify({ messages: [{ role: 'system', content: system }, { role: 'user', content: e.question }, { role: 'assistant', content: e.answer }] }))
        .join('\n');
      const file = await client.files.create({ file: await toFile(Buffer.from(`${jsonl}\n`, 'utf8'), `training-examples-${row.groupId}.jsonl`), purpose: 'fine-tune' });
      fileId = file.id;
      // Kept at once: a retry after a failed job creation does not upload the file again.
      await db.update(g).set({ trainingFileId: fileId }).where(eq(g.groupId, row.groupId));
    }
    const job = await client.fineTuning.jobs.create({ model: row.baseModel, training_file: fileId, suffix: `fieldbook-${row.groupId.slice(0, 8)}` });
    await advance(row, { creationStatus: 'fine_tuning', fineTuneJobId: job.id, trainingFileId: fileId, attempts: 0, nextRunAt: later(pollIntervalMs) });
  }

  async function poll(row: Row) {
    if (!row.fineTuneJobId) return fail(row, 'The fine-tuning job was lost: no job id was recorded');
    const job = await client.fineTuning.jobs.retrieve(row.fineTuneJobId);
    if (job.status === 'succeeded') {
      if (!job.fine_tuned_model) return fail(row, 'The fine-tuning job succeeded without naming its model');
      return advance(row, { creationStatus: 'completed', modelId: job.fine_tuned_model, lastTrained: sql`now()`, failureReason: null, attempts: 0, nextRunAt: null });
    }
    if (job.status === 'failed' || job.status === 'cancelled') return fail(row, job.error?.message || `The fine-tuning job was ${job.status}`);
    await advance(row, { attempts: 0, nextRunAt: later(pollIntervalMs) });
  }

  async function work(row: Row): Promise<void> {
    if (row.creationStatus === 'collecting_examples') await collect(row);
    else if (row.creationStatus === 'preparing_data') await prepare(row);
    else await poll(row);
  }

  return defineJob<Row>({
    name: 'fine-tune',
    queue: {
      table: g,
      key: g.groupId,
      pending: inArray(g.creationStatus, [...WORKING_STATUSES]),
      dueAt: g.nextRunAt,
      lockedUntil: g.lockedUntil,
      attempts: g.attempts,
      failed: eq(g.creationStatus, 'failed'),
    },
    leaseMs,
    maxAttempts,
    // An API error is retried with a doubling backoff (the SDK already retried once); attempts count per step.
    backoffMs: (attempts) => retryBaseMs * 2 ** (attempts - 1),
    intervalMs: Math.min(5000, pollIntervalMs),
    describe: (row) => `fine-tuning group ${row.groupId} at ${row.creationStatus}`,
    work,
    reason: llmErrorReason,
    // Only while the row is still at the step it was claimed at.
    stillClaimed: (row) => eq(g.creationStatus, row.creationStatus),
    onRetry: () => ({}),
    onGiveUp: (_row, reason) => ({ creationStatus: 'failed', failureReason: reason, nextRunAt: null, attempts: 0 }),
    givenUpReason: trainingGivenUp,
  });
}

/** The fine-tuning job run on its own (tests drain it by hand; main.ts runs every job through startJobs). */
export function startFineTuneWorker(opts: FineTuneWorkerOptions): TableWorker {
  return startJob(opts.db, fineTuneJob(opts), { intervalMs: opts.intervalMs, log: opts.log });
}
