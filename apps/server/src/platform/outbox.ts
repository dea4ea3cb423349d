import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema';
import { defineJob, startJob, type JobLog } from './jobs';
import type { TableWorker } from './table-worker';

export type OutboxMessage = typeof outboxMessages.$inferSelect;
export type OutboxChannel = OutboxMessage['channel'];

/** Hands one message to its provider (SMTP, the SMS API); throws with the provider's reason when it is refused. */
export type Sender = (message: OutboxMessage) => Promise<void>;

export type OutboxWorker = TableWorker;

const MAX_ATTEMPTS = 5;
/** How long a claimed message is reserved for its sender: a process that dies mid-send frees it after this. */
const CLAIM_LEASE_MS = 5 * 60_000;
const SENDING_GIVEN_UP = (attempts: number) => `Sending stopped: ${attempts} attempts ended without a result`;

const describe = (row: OutboxMessage) => `${row.channel === 'sms' ? 'SMS' : 'mail'} to ${row.recipient}`;

/**
 * Delivers what waits in the outbox (design.md §7), one channel's sender per message: a job of the runner
 * (platform/jobs.ts). A channel without a sender (no SMTP_URL, no SMS provider) marks its messages 'stored' at the
 * claim: they stay readable in the development mailbox. Failures are retried with backoff (1 min × 2^attempts, five
 * tries) and the provider's reason is kept on the row; a drain stops at the first failure (the provider may be down)
 * and tries again next tick.
 *
 * A message is claimed in a short transaction (attempts + 1, a lease) and sent outside it, so a slow provider never
 * holds a database transaction — on the embedded database that would stall every request — and several server
 * processes can share one outbox.
 */
export function outboxJob(opts: { db: Db; senders: Partial<Record<OutboxChannel, Sender>> }) {
  const { db, senders } = opts;
  return defineJob<OutboxMessage>({
    name: 'outbox',
    queue: {
      table: outboxMessages,
      key: outboxMessages.id,
      pending: eq(outboxMessages.status, 'pending'),
      dueAt: outboxMessages.nextAttemptAt,
      lockedUntil: outboxMessages.lockedUntil,
      attempts: outboxMessages.attempts,
      failed: eq(outboxMessages.status, 'failed'),
    },
    leaseMs: CLAIM_LEASE_MS,
    maxAttempts: MAX_ATTEMPTS,
    backoffMs: (attempts) => 60_000 * 2 ** attempts,
    intervalMs: 2000,
    describe,
    settle: (row) => (senders[row.channel] ? null : { status: 'stored' }),
    work: async (row) => {
      await senders[row.channel]!(row);
      await db.update(outboxMessages).set({ status: 'sent', sentAt: new Date(), lastError: null, lockedUntil: null }).where(eq(outboxMessages.id, row.id));
    },
    onRetry: (_row, reason) => ({ lastError: reason }),
    onGiveUp: (_row, reason) => ({ status: 'failed', lastError: reason }),
    givenUpReason: SENDING_GIVEN_UP,
    stopDrainOnFailure: true,
  });
}

/** The outbox job run on its own (tests drain it by hand; main.ts runs every job through startJobs). */
export function startOutboxWorker(opts: { db: Db; senders: Partial<Record<OutboxChannel, Sender>>; intervalMs?: number; log?: JobLog }): OutboxWorker {
  return startJob(opts.db, outboxJob(opts), { intervalMs: opts.intervalMs, log: opts.log });
}
