import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema';
import { startTableWorker, type TableWorker } from './table-worker';

export type OutboxMessage = typeof outboxMessages.$inferSelect;
export type OutboxChannel = OutboxMessage['channel'];

/** Hands one message to its provider (SMTP, the SMS API); throws with the provider's reason when it is refused. */
export type Sender = (message: OutboxMessage) => Promise<void>;

export type OutboxWorker = TableWorker;

const MAX_ATTEMPTS = 5;
/** How long a claimed message is reserved for its sender: a process that dies mid-send frees it after this. */
const CLAIM_LEASE_MS = 5 * 60_000;
const SENDING_GIVEN_UP = (attempts: number) => `Sending stopped: ${attempts} attempts ended without a result`;

/**
 * Delivers what waits in the outbox (design.md §7), one channel's sender per message. A channel without a sender
 * (no SMTP_URL, no SMS provider) marks its messages 'stored': they stay readable in the development mailbox.
 * Failures are retried with backoff (1 min × 2^attempts, five tries) and the provider's reason is kept on the row.
 *
 * A message is claimed in a short transaction (attempts + 1, a lease on next_attempt_at) and sent outside it, so a
 * slow provider never holds a database transaction — on the embedded database that would stall every request —
 * and several server processes can share one outbox.
 */
export function startOutboxWorker(opts: {
  db: Db;
  senders: Partial<Record<OutboxChannel, Sender>>;
  intervalMs?: number;
  log?: (msg: string, err?: unknown) => void;
}): OutboxWorker {
  const { db, senders } = opts;

  /** The oldest due message, claimed for sending; stored at once when its channel has no sender. */
  const claim = () =>
    db.transaction(async (tx) => {
      let row: OutboxMessage | undefined;
      for (;;) {
        [row] = await tx
          .select()
          .from(outboxMessages)
          .where(and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.nextAttemptAt, sql`now()`)))
          .orderBy(asc(outboxMessages.createdAt))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return null;
        if (!senders[row.channel]) {
          await tx.update(outboxMessages).set({ status: 'stored' }).where(eq(outboxMessages.id, row.id));
          return { row, stored: true };
        }
        if (row.attempts < MAX_ATTEMPTS) break;
        // Every attempt was claimed and none wrote an outcome (a failure at the last one fails the row): the sending
        // took its process down each time. Give it up instead of sending again.
        await tx.update(outboxMessages).set({ status: 'failed', lastError: SENDING_GIVEN_UP(row.attempts) }).where(eq(outboxMessages.id, row.id));
        opts.log?.(`${row.channel === 'sms' ? 'SMS' : 'mail'} to ${row.recipient} given up: ${row.attempts} attempts ended without a result`);
      }
      const claimed = { ...row, attempts: row.attempts + 1 };
      await tx
        .update(outboxMessages)
        .set({ attempts: claimed.attempts, nextAttemptAt: new Date(Date.now() + CLAIM_LEASE_MS) })
        .where(eq(outboxMessages.id, row.id));
      return { row: claimed, stored: false };
    });

  async function send(row: OutboxMessage): Promise<boolean> {
    try {
      await senders[row.channel]!(row);
      await db.update(outboxMessages).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(outboxMessages.id, row.id));
      return true;
    } catch (err) {
      opts.log?.(`${row.channel === 'sms' ? 'SMS' : 'mail'} to ${row.recipient} failed (attempt ${row.attempts})`, err);
      await db
        .update(outboxMessages)
        .set({
          lastError: err instanceof Error ? err.message : String(err),
          status: row.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          nextAttemptAt: new Date(Date.now() + 60_000 * 2 ** row.attempts),
        })
        .where(eq(outboxMessages.id, row.id));
      return false;
    }
  }

  // Sends until nothing is due; stops at the first failure (the provider may be down) and tries again next tick.
  return startTableWorker({
    claim,
    work: async (claimed: { row: OutboxMessage; stored: boolean }) => claimed.stored || send(claimed.row),
    intervalMs: opts.intervalMs,
    onError: (err) => opts.log?.('outbox drain failed', err),
  });
}
