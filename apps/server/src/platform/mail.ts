import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string };

/** Mail goes to the outbox table first; the worker below delivers it when SMTP_URL is set (design.md §7). */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<void> {
  await db.insert(outboxMessages).values({
    channel: 'email',
    recipient: mail.to,
    subject: mail.subject,
    body: mail.text,
    html: mail.html ?? null,
  });
}

/** Text messages go to the same outbox (channel sms); the SMS worker (sms.ts) delivers them when configured. */
export async function enqueueSms(db: Db, sms: { to: string; text: string }): Promise<void> {
  await db.insert(outboxMessages).values({ channel: 'sms', recipient: sms.to, body: sms.text });
}

export type OutboxWorker = { drain: () => Promise<number>; stop: () => void };

/**
 * Delivers pending mail over SMTP. Without SMTP_URL messages are marked 'stored' (readable in the mailbox page).
 * Failures are retried with backoff (1 min × 2^attempts, five tries) and the last error is kept on the row.
 */
export function startOutboxWorker(opts: { db: Db; smtpUrl: string | undefined; from: string; intervalMs?: number; log?: (msg: string, err?: unknown) => void }): OutboxWorker {
  const { db } = opts;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let transport: { sendMail: (m: Record<string, unknown>) => Promise<unknown> } | null = null;

  async function getTransport() {
    if (!opts.smtpUrl) return null;
    if (!transport) {
      const nodemailer = await import('nodemailer');
      transport = nodemailer.createTransport(opts.smtpUrl);
    }
    return transport;
  }

  async function drainOnce(): Promise<number> {
    const smtp = await getTransport();
    let delivered = 0;
    for (;;) {
      // Claim one message at a time so several server processes can share the outbox.
      const claimed = await db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(outboxMessages)
          .where(and(eq(outboxMessages.status, 'pending'), eq(outboxMessages.channel, 'email'), lte(outboxMessages.nextAttemptAt, sql`now()`)))
          .orderBy(asc(outboxMessages.createdAt))
          .limit(1)
          .for('update', { skipLocked: true });
        const row = rows[0];
        if (!row) return null;
        if (!smtp) {
          await tx.update(outboxMessages).set({ status: 'stored' }).where(eq(outboxMessages.id, row.id));
          return { row, stored: true };
        }
        try {
          await smtp.sendMail({ from: opts.from, to: row.recipient, subject: row.subject ?? '', text: row.body, html: row.html ?? undefined });
          await tx.update(outboxMessages).set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1 }).where(eq(outboxMessages.id, row.id));
          return { row, stored: false };
        } catch (err) {
          const attempts = row.attempts + 1;
          opts.log?.(`mail to ${row.recipient} failed (attempt ${attempts})`, err);
          await tx
            .update(outboxMessages)
            .set({
              attempts,
              lastError: err instanceof Error ? err.message : String(err),
              status: attempts >= 5 ? 'failed' : 'pending',
              nextAttemptAt: new Date(Date.now() + 60_000 * 2 ** attempts),
            })
            .where(eq(outboxMessages.id, row.id));
          return { row, stored: false, failed: true };
        }
      });
      if (!claimed) return delivered;
      if ('failed' in claimed) return delivered;
      delivered++;
    }
  }

  const drain = () => {
    running ??= drainOnce().finally(() => {
      running = null;
    });
    return running;
  };

  if (opts.intervalMs) {
    timer = setInterval(() => {
      drain().catch((err) => opts.log?.('outbox drain failed', err));
    }, opts.intervalMs);
    timer.unref();
  }
  return { drain, stop: () => timer && clearInterval(timer) };
}
