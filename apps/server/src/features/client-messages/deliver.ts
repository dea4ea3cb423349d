import {
  CLIENT_MESSAGE_RULE_LABELS,
  nextAllowedInstant,
  type ClientMessageChannel,
  type ClientMessageRule,
  type ClientMessageRules,
} from '@fieldbook/contract';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { makeClientLink, QUOTE_LINKS, UNSUBSCRIBE_LINKS } from '../../platform/client-links';
import { defineJob, startJob, type JobLog } from '../../platform/jobs';
import { enqueueMail, enqueueSms } from '../../platform/mail';
import type { TokenSigner } from '../../platform/tokens';
import { findQuoteForFollowUp } from '../quotes';
import { workspaceName, workspaceTimeZone } from '../workspaces';
import { clientMessageQueue, clientMessageSends } from './client-messages.schema';
import { addressKey, findJobAndClient, optedOut, type ClientContact } from './recipients';
import { readRules } from './settings';
import { onMyWayEta, visitDate, visitWindow, writeMessage, type VisitFacts } from './templates';

/**
 * The one job that sends every automatic message (platform/jobs.ts; the queue row is the job). For a due row it
 * works out, from the settings and the zone as they are now, when the message may go — the rule's moment, then out of
 * the client's night (nextAllowedInstant) — and either waits until then or writes it: in one transaction, a row of
 * client_message_sends per channel (its unique key is the once-only guard: a second process's insert conflicts and
 * that process enqueues nothing) and the outbox message for each row it inserted.
 */

export type QueueRow = typeof clientMessageQueue.$inferSelect;
export type DeliverDeps = { db: Db; signer: TokenSigner; publicUrl: string; now?: () => Date };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How long an unsubscribe link works (a client may find an old email). */
const UNSUBSCRIBE_LINK_DAYS = 730;

type Outcome =
  | { kind: 'wait'; until: Date }
  | { kind: 'drop'; reason: string }
  | { kind: 'send'; values: Record<string, string>; reason: string; client: ClientContact | null; extraEmail: string | null; onlyNow?: boolean };

const facts = (row: QueueRow): VisitFacts => ({
  startsAt: row.subject.startsAt ?? new Date(0).toISOString(),
  allDay: row.subject.allDay === 'true',
  arrivalStart: row.subject.arrivalStart ?? null,
  arrivalEnd: row.subject.arrivalEnd ?? null,
});

/** When the rule wants the message (before quiet hours), or a reason it no longer should go. */
function ruleMoment(row: QueueRow, rules: ClientMessageRules): Date | { drop: string } {
  switch (row.rule) {
    case 'visit_booked':
    case 'visit_moved':
    case 'on_my_way':
      return row.createdAt;
    case 'visit_reminder':
      return new Date(new Date(facts(row).startsAt).getTime() - rules.visit_reminder.hours_before * HOUR);
    case 'quote_follow_up': {
      const n = Number(row.occurrence.split(':')[2]);
      const days = n === 1 ? rules.quote_follow_up.first_after_days : rules.quote_follow_up.second_after_days;
      if (days === null) return { drop: 'Only one follow-up is set' };
      return new Date(new Date(row.subject.firstSentAt ?? 0).getTime() + days * DAY);
    }
    case 'review_request':
      return new Date(new Date(row.subject.completedAt ?? 0).getTime() + rules.review_request.after_days * DAY);
  }
}

async function decide(deps: DeliverDeps, row: QueueRow, now: Date): Promise<Outcome> {
  const { db } = deps;
  const { rules, reviewLink } = await readRules(db, row.workspaceId);
  if (!rules[row.rule].enabled) return { kind: 'drop', reason: `${CLIENT_MESSAGE_RULE_LABELS[row.rule]} is switched off` };
  const zone = await workspaceTimeZone(db, row.workspaceId);
  const moment = ruleMoment(row, rules);
  if (!(moment instanceof Date)) return { kind: 'drop', reason: moment.drop };
  const at = nextAllowedInstant(moment > now ? moment : now, zone);
  const isVisit = row.rule === 'visit_booked' || row.rule === 'visit_moved' || row.rule === 'visit_reminder' || row.rule === 'on_my_way';
  const visit = facts(row);
  const startsAt = new Date(visit.startsAt);
  if (isVisit && row.rule !== 'on_my_way' && startsAt <= (at > now ? at : now)) return { kind: 'drop', reason: 'The visit starts before the message could go' };
  // On my way is news only now: in the client's night it is dropped, not sent in the morning.
  if (row.rule === 'on_my_way' && at > now) return { kind: 'drop', reason: 'Quiet hours: On my way is not sent at night' };
  if (at > now) return { kind: 'wait', until: at };

  const found = await findJobAndClient(db, row.workspaceId, row.jobId);
  if (!found) return { kind: 'drop', reason: 'The job no longer exists' };
  const { job, client } = found;
  const values: Record<string, string> = {
    client: client?.name ?? job.clientName ?? 'there',
    company: await workspaceName(db, row.workspaceId),
    job: job.title ?? 'your job',
    address: job.propertyAddress ?? 'your property',
  };
  if (isVisit) {
    values.date = visitDate(visit, zone);
    values.window = visitWindow(visit, zone);
    if (row.rule === 'on_my_way') values.eta = onMyWayEta(visit, new Date(row.subject.setOffAt ?? now.toISOString()), zone);
  }
  switch (row.rule) {
    case 'visit_booked':
      return { kind: 'send', values, client, extraEmail: null, reason: `Visit on ${values.date} booked` };
    case 'visit_moved':
      return { kind: 'send', values, client, extraEmail: null, reason: `Visit moved to ${values.date}, ${values.window}` };
    case 'visit_reminder':
      return { kind: 'send', values, client, extraEmail: null, reason: `Reminder ${rules.visit_reminder.hours_before} h before the visit on ${values.date}` };
    case 'on_my_way':
      return { kind: 'send', values, client, extraEmail: null, reason: `A crew member tapped On my way (visit on ${values.date})` };
    case 'quote_follow_up': {
      const quote = await findQuoteForFollowUp(db, { workspaceId: row.workspaceId, quoteId: row.subjectId, now });
      if (!quote || !quote.open) return { kind: 'drop', reason: 'The quote was decided, withdrawn, replaced or expired' };
      values.quote = `${quote.number} "${quote.title}"`;
      values.link = makeClientLink(deps.signer, deps.publicUrl, QUOTE_LINKS, { id: quote.id, expiresAt: quote.expiresAt }, now);
      const n = row.occurrence.split(':')[2];
      return { kind: 'send', values, client, extraEmail: quote.sentEmail, reason: `Follow-up ${n} of quote ${quote.number}: not decided since it was sent` };
    }
    case 'review_request': {
      if (job.status !== 'completed') return { kind: 'drop', reason: 'The job is no longer completed' };
      if (!reviewLink) return { kind: 'drop', reason: 'No review link is set' };
      values.link = reviewLink;
      return { kind: 'send', values, client, extraEmail: null, reason: `Review request: job "${values.job}" completed` };
    }
  }
}

/** Works one due row: waits, drops or sends (once per channel, whatever other processes do). */
export async function deliverQueued(deps: DeliverDeps, rowId: string): Promise<void> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const [row] = await db.select().from(clientMessageQueue).where(eq(clientMessageQueue.id, rowId)).limit(1);
  if (!row || row.status !== 'pending') return;
  const outcome = await decide(deps, row, now);
  const pending = and(eq(clientMessageQueue.id, row.id), eq(clientMessageQueue.status, 'pending'));
  if (outcome.kind === 'wait') {
    await db.update(clientMessageQueue).set({ dueAt: outcome.until, lockedUntil: null, attempts: 0 }).where(pending);
    return;
  }
  if (outcome.kind === 'drop') {
    await db.update(clientMessageQueue).set({ status: 'cancelled', lastError: outcome.reason, lockedUntil: null }).where(pending);
    return;
  }
  const targets: { channel: ClientMessageChannel; address: string }[] = [];
  if (outcome.client?.phone) targets.push({ channel: 'sms', address: outcome.client.phone });
  const email = outcome.client?.email ?? outcome.extraEmail?.trim().toLowerCase() ?? null;
  // SMS only for On my way: the client is on the lookout for the crew, not reading mail.
  if (email && row.rule !== 'on_my_way') targets.push({ channel: 'email', address: email });
  if (targets.length === 0) {
    await db.update(clientMessageQueue).set({ status: 'cancelled', lastError: "No client contact with a phone or email: the job's client name matches none", lockedUntil: null }).where(pending);
    return;
  }
  const stopped = await optedOut(db, row.workspaceId, targets);
  const { rules } = await readRules(db, row.workspaceId);
  await db.transaction(async (tx) => {
    // This process still holds the row (another that took it over after a lost lease finds it done).
    const [mine] = await tx.update(clientMessageQueue).set({ status: 'done', lockedUntil: null, lastError: null }).where(pending).returning({ id: clientMessageQueue.id });
    if (!mine) return;
    for (const t of targets) {
      const isStopped = stopped.has(addressKey(t.channel, t.address));
      const id = randomUUID();
      const [inserted] = await tx
        .insert(clientMessageSends)
        .values({
          id,
          workspaceId: row.workspaceId,
          rule: row.rule,
          occurrence: row.occurrence,
          channel: t.channel,
          address: t.address,
          contactId: outcome.client?.id ?? null,
          jobId: row.jobId,
          status: isStopped ? 'skipped' : 'sent',
          reason: isStopped ? `Not sent: opted out of ${t.channel === 'sms' ? 'text messages' : 'emails'} (${outcome.reason})` : outcome.reason,
        })
        .onConflictDoNothing()
        .returning({ id: clientMessageSends.id });
      // A conflict: this rule and occurrence already went on this channel (another process, an earlier run).
      if (!inserted || isStopped) continue;
      const unsubscribe = makeClientLink(deps.signer, deps.publicUrl, UNSUBSCRIBE_LINKS, { id, expiresAt: new Date(now.getTime() + UNSUBSCRIBE_LINK_DAYS * DAY) }, now);
      const message = writeMessage(rules[row.rule as ClientMessageRule].template, outcome.values, unsubscribe);
      if (t.channel === 'sms') await enqueueSms(tx, { to: t.address, text: message.sms });
      else await enqueueMail(tx, { to: t.address, subject: message.subject, text: message.body });
    }
  });
}

/**
 * How many due messages of a workspace the claim counts for its fair turn: one with fewer goes first (a visit
 * reminder is not held up behind another company's thousands of follow-ups); beyond it every workspace is as busy.
 */
export const FAIR_CAP = 100;

/** The automatic messages' job (main.ts starts it with the others). */
export function clientMessageJob(deps: DeliverDeps) {
  return defineJob<QueueRow>({
    name: 'client-messages',
    queue: {
      table: clientMessageQueue,
      key: clientMessageQueue.id,
      pending: eq(clientMessageQueue.status, 'pending'),
      dueAt: clientMessageQueue.dueAt,
      lockedUntil: clientMessageQueue.lockedUntil,
      attempts: clientMessageQueue.attempts,
      failed: eq(clientMessageQueue.status, 'failed'),
      fairBy: clientMessageQueue.workspaceId,
      // Bounded: a claim read every due row to count each workspace's (50 ms a message at a 33,000 backlog, growing
      // with it); now at most FAIR_CAP of each workspace's, through client_message_queue_workspace_due_idx.
      fairCap: FAIR_CAP,
    },
    leaseMs: 60_000,
    maxAttempts: 5,
    backoffMs: (attempts) => 30_000 * 2 ** attempts,
    intervalMs: 15_000,
    describe: (row) => `${row.rule} message ${row.occurrence}`,
    work: (row) => deliverQueued(deps, row.id),
    onRetry: (_row, reason) => ({ lastError: reason }),
    onGiveUp: (_row, reason) => ({ status: 'failed', lastError: reason }),
    givenUpReason: (attempts) => `Automatic message stopped: ${attempts} attempts ended without a result`,
  });
}

/** The job run on its own (tests drain it by hand). */
export function startClientMessageWorker(opts: DeliverDeps & { log?: JobLog }) {
  return startJob(opts.db, clientMessageJob(opts), { log: opts.log });
}
