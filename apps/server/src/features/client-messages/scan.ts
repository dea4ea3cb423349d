import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { defineJob, startJob, type JobLog } from '../../platform/jobs';
import { findJobsCompletedSince } from '../jobs';
import { findQuotesFirstSentSince } from '../quotes';
import { clientMessageSettings } from './client-messages.schema';
import { armMessages, reviewRequest } from './queue';
import { readRules } from './settings';

/**
 * The follow-up scan (issue 36): per workspace with quote follow-ups or review requests on, its settings row is the
 * job. Each run reads on from where the last stopped (the quotes first sent, the jobs completed since its cursors —
 * keysets of time and id, so any number of rows of one instant are read once), at most SCAN_PAGE of each, through an
 * index from the place on, and arms their messages in the queue; deliver.ts sends them when due and drops those
 * whose quote was decided or whose job is no longer completed by then. Bounded work per run however many rows exist.
 */

export const SCAN_PAGE = 500;
export const SCAN_EVERY_MS = 10 * 60_000;
const DAY = 24 * 3_600_000;

type SettingsRow = typeof clientMessageSettings.$inferSelect;

export async function scanWorkspace(db: Db, workspaceId: string, now: Date): Promise<void> {
  const [row] = await db.select().from(clientMessageSettings).where(eq(clientMessageSettings.workspaceId, workspaceId)).limit(1);
  if (!row || !row.scanning) return;
  const { rules } = await readRules(db, workspaceId);
  let quoteCursor = row.quoteCursor;
  let quoteCursorId = row.quoteCursorId;
  let reviewSince = row.reviewSince;
  let reviewCursorId = row.reviewCursorId;
  let full = false;
  if (rules.quote_follow_up.enabled) {
    const quotes = await findQuotesFirstSentSince(db, { workspaceId, after: { at: quoteCursor ?? now, id: quoteCursor ? quoteCursorId : null }, limit: SCAN_PAGE });
    const days = [rules.quote_follow_up.first_after_days, rules.quote_follow_up.second_after_days];
    await armMessages(
      db,
      quotes.flatMap((q) =>
        days.flatMap((d, i) =>
          d === null || !q.firstSentAt
            ? []
            : [{ workspaceId, rule: 'quote_follow_up' as const, occurrence: `quote_follow_up:${q.id}:${i + 1}`, jobId: q.jobId, subjectId: q.id, subject: { firstSentAt: q.firstSentAt.toISOString() }, dueAt: new Date(q.firstSentAt.getTime() + d * DAY) }],
        ),
      ),
    );
    const last = quotes.at(-1);
    if (last?.firstSentAt) [quoteCursor, quoteCursorId] = [last.firstSentAt, last.id];
    full ||= quotes.length === SCAN_PAGE;
  }
  if (rules.review_request.enabled) {
    const jobs = await findJobsCompletedSince(db, { workspaceId, after: { at: reviewSince ?? now, id: reviewSince ? reviewCursorId : null }, limit: SCAN_PAGE });
    await armMessages(
      db,
      jobs.map((j) => reviewRequest(workspaceId, { id: j.id, completedAt: j.updatedAt }, rules.review_request.after_days)),
    );
    const last = jobs.at(-1);
    if (last) [reviewSince, reviewCursorId] = [last.updatedAt, last.id];
    full ||= jobs.length === SCAN_PAGE;
  }
  await db
    .update(clientMessageSettings)
    .set({ quoteCursor, quoteCursorId, reviewSince, reviewCursorId, scanDueAt: full ? now : new Date(now.getTime() + SCAN_EVERY_MS), scanLockedUntil: null, scanAttempts: 0, scanError: null })
    .where(and(eq(clientMessageSettings.workspaceId, workspaceId), eq(clientMessageSettings.scanning, true)));
}

/** The scan's job over the settings rows (main.ts starts it with the others). */
/** Consecutive failed scans of a workspace before it is given up (a success starts the count again). */
export const SCAN_MAX_ATTEMPTS = 30;

export function clientMessageScanJob(deps: { db: Db; now?: () => Date }) {
  return defineJob<SettingsRow>({
    name: 'client-message-scan',
    queue: {
      table: clientMessageSettings,
      key: clientMessageSettings.workspaceId,
      pending: eq(clientMessageSettings.scanning, true),
      dueAt: clientMessageSettings.scanDueAt,
      lockedUntil: clientMessageSettings.scanLockedUntil,
      attempts: clientMessageSettings.scanAttempts,
      // A scan that keeps failing is retried (at most hourly) and shows here meanwhile.
      failed: isNotNull(clientMessageSettings.scanError),
    },
    leaseMs: 5 * 60_000,
    // About a day of hourly tries, then given up: a scan that takes its process down must not do so every hour for
    // ever (the runner counts a try at the claim, so a crash counts too). Saving the settings starts it again.
    maxAttempts: SCAN_MAX_ATTEMPTS,
    backoffMs: (attempts) => Math.min(60 * 60_000, 60_000 * 2 ** attempts),
    intervalMs: 60_000,
    describe: (row) => `follow-up scan of workspace ${row.workspaceId}`,
    work: (row) => scanWorkspace(deps.db, row.workspaceId, deps.now?.() ?? new Date()),
    onRetry: (_row, reason) => ({ scanError: reason }),
    onGiveUp: (_row, reason) => ({ scanning: false, scanError: reason }),
    givenUpReason: (attempts) => `Follow-up scan stopped after ${attempts} attempts`,
  });
}

export function startClientMessageScanWorker(opts: { db: Db; now?: () => Date; log?: JobLog }) {
  return startJob(opts.db, clientMessageScanJob(opts), { log: opts.log });
}
