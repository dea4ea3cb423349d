import type { ClientMessageRule } from '@fieldbook/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { clientMessageQueue } from './client-messages.schema';
import { readRules } from './settings';

/**
 * Arming messages: what other features call (the schedule in its own transaction, the scan) to put a message in the
 * queue. Each (workspace, rule, occurrence) is one row: arming it again changes nothing, except a row cancelled before
 * (a visit moved away and back) which comes back. The job (deliver.ts) works out when each goes.
 */

/** A visit as the schedule answers it, reduced to what its messages need. */
export type VisitForMessages = {
  workspaceId: string;
  visitId: string;
  jobId: string;
  /** ISO instant. */
  startsAt: string;
  allDay: boolean;
  arrivalStart: string | null;
  arrivalEnd: string | null;
};

type Armed = { workspaceId: string; rule: ClientMessageRule; occurrence: string; jobId: string; subjectId: string; subject: Record<string, string | null>; dueAt: Date };

export async function armMessages(db: Db | Tx, rows: Armed[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(clientMessageQueue)
    .values(rows.map((r) => ({ ...r, status: 'pending' as const })))
    .onConflictDoUpdate({
      target: [clientMessageQueue.workspaceId, clientMessageQueue.rule, clientMessageQueue.occurrence],
      set: { status: 'pending', subject: sql`excluded.subject`, dueAt: sql`excluded.due_at`, attempts: 0, lastError: null, lockedUntil: null },
      setWhere: eq(clientMessageQueue.status, 'cancelled'),
    });
}

const DAY = 24 * 3_600_000;

/** A completed job's review request: one per job, due `afterDays` after the completion (deliver.ts times it afresh). */
export function reviewRequest(workspaceId: string, job: { id: string; completedAt: Date }, afterDays: number): Armed {
  return {
    workspaceId,
    rule: 'review_request',
    occurrence: `review_request:${job.id}`,
    jobId: job.id,
    subjectId: job.id,
    subject: { completedAt: job.completedAt.toISOString() },
    dueAt: new Date(job.completedAt.getTime() + afterDays * DAY),
  };
}

/**
 * A job was set to completed (the jobs feature, in the transaction of the change; app.ts hands it this hook): its
 * review request is armed at once when the rule is on — the scan, which also finds it, looks only every SCAN_EVERY_MS,
 * so "0 days: the same day" waited up to ten minutes and one completed just before the evening went the next morning.
 * Arming again changes nothing: one row per job, and a sent one stays sent.
 */
export async function jobCompleted(db: Db | Tx, job: { workspaceId: string; jobId: string; completedAt: Date }): Promise<void> {
  const { rules } = await readRules(db, job.workspaceId);
  if (!rules.review_request.enabled) return;
  await armMessages(db, [reviewRequest(job.workspaceId, { id: job.jobId, completedAt: job.completedAt }, rules.review_request.after_days)]);
}

const iso = (at: string) => new Date(at).toISOString();
const visitSubject = (v: VisitForMessages) => ({ startsAt: iso(v.startsAt), allDay: v.allDay ? 'true' : 'false', arrivalStart: v.arrivalStart, arrivalEnd: v.arrivalEnd });
const visitRow = (v: VisitForMessages, rule: ClientMessageRule, occurrence: string, now: Date, extra: Record<string, string | null> = {}): Armed => ({
  workspaceId: v.workspaceId,
  rule,
  occurrence,
  jobId: v.jobId,
  subjectId: v.visitId,
  subject: { ...visitSubject(v), ...extra },
  dueAt: now,
});
const reminderKey = (v: VisitForMessages) => `visit_reminder:${v.visitId}:${iso(v.startsAt)}`;

/** A visit was booked: its "booked" message, and its reminder before its start. */
export async function visitBooked(db: Db | Tx, v: VisitForMessages, now: Date): Promise<void> {
  await armMessages(db, [visitRow(v, 'visit_booked', `visit_booked:${v.visitId}`, now), visitRow(v, 'visit_reminder', reminderKey(v), now)]);
}

/**
 * A visit moved (its start or window changed): a "moved" message for the new time — unless the "booked" one has not
 * gone yet, which then simply tells the new time — and the reminder re-armed for the new start (the old one dropped).
 */
export async function visitMoved(db: Db | Tx, before: { startsAt: string; arrivalStart: string | null; arrivalEnd: string | null }, v: VisitForMessages, now: Date): Promise<void> {
  if (iso(before.startsAt) === iso(v.startsAt) && before.arrivalStart === v.arrivalStart && before.arrivalEnd === v.arrivalEnd) return;
  const newReminder = reminderKey(v);
  await db
    .update(clientMessageQueue)
    .set({ status: 'cancelled', lastError: 'The visit moved', lockedUntil: null })
    .where(
      and(
        eq(clientMessageQueue.subjectId, v.visitId),
        eq(clientMessageQueue.workspaceId, v.workspaceId),
        eq(clientMessageQueue.status, 'pending'),
        inArray(clientMessageQueue.rule, ['visit_reminder', 'visit_moved']),
        ne(clientMessageQueue.occurrence, newReminder),
      ),
    );
  const [bookedWaiting] = await db
    .update(clientMessageQueue)
    .set({ subject: visitSubject(v) })
    .where(and(eq(clientMessageQueue.workspaceId, v.workspaceId), eq(clientMessageQueue.occurrence, `visit_booked:${v.visitId}`), eq(clientMessageQueue.status, 'pending')))
    .returning({ id: clientMessageQueue.id });
  const moved = `visit_moved:${v.visitId}:${iso(v.startsAt)}${v.arrivalStart ? `:${v.arrivalStart}-${v.arrivalEnd}` : ''}`;
  await armMessages(db, [...(bookedWaiting ? [] : [visitRow(v, 'visit_moved', moved, now)]), visitRow(v, 'visit_reminder', newReminder, now)]);
}

/** A visit was cancelled (or removed): nothing more about it goes out. */
export async function visitCancelled(db: Db | Tx, v: { workspaceId: string; visitId: string }): Promise<void> {
  await db
    .update(clientMessageQueue)
    .set({ status: 'cancelled', lastError: 'The visit was cancelled', lockedUntil: null })
    .where(and(eq(clientMessageQueue.subjectId, v.visitId), eq(clientMessageQueue.workspaceId, v.workspaceId), eq(clientMessageQueue.status, 'pending')));
}

/** A crew member tapped On my way: the client is texted (and emailed) the arrival, once per visit. */
export async function visitOnTheWay(db: Db | Tx, v: VisitForMessages, now: Date): Promise<void> {
  await armMessages(db, [visitRow(v, 'on_my_way', `on_my_way:${v.visitId}`, now, { setOffAt: now.toISOString() })]);
}

/** A repeating visit's occurrences were made (over the series' horizon): each gets its reminder, no "booked" message. */
export async function visitsPlanned(db: Db | Tx, vs: VisitForMessages[], now: Date): Promise<void> {
  await armMessages(
    db,
    vs.map((v) => visitRow(v, 'visit_reminder', reminderKey(v), now)),
  );
}

/** Visits were removed (a series' planned occurrences remade or ended): nothing more about them goes out. */
export async function visitsRemoved(db: Db | Tx, v: { workspaceId: string; visitIds: string[] }): Promise<void> {
  if (v.visitIds.length === 0) return;
  await db
    .update(clientMessageQueue)
    .set({ status: 'cancelled', lastError: 'The visit was removed', lockedUntil: null })
    .where(and(inArray(clientMessageQueue.subjectId, v.visitIds), eq(clientMessageQueue.workspaceId, v.workspaceId), eq(clientMessageQueue.status, 'pending')));
}
