import { CALENDAR_FEED_DAYS_AHEAD, CALENDAR_FEED_DAYS_BACK } from '@fieldbook/contract';
import { eq, sql } from 'drizzle-orm';
import { createEvents, type EventAttributes } from 'ics';
import type { Db } from '../../db/client';
import { isoTs, queryRows } from '../../db/sql';
import { AppError } from '../../platform/errors';
import type { WorkspaceActor } from '../../platform/endpoint';
import { hashToken, newOpaqueToken } from '../../platform/tokens';
import { jobSummaryJoinSql } from '../jobs';
import { findPeople } from '../profiles';
import { visitOfPersonSql } from './schedule.repository';
import { calendarFeeds } from './schedule.schema';

/**
 * A person's calendar feed (ICS) to subscribe to in Google or Apple Calendar, by a secret link: the token is 32 random
 * bytes, kept only as its SHA-256 (as invitation and refresh tokens are), so a link is shown once, when made; making a
 * new one replaces the old, which then answers 404. The feed holds only its owner's visits (assigned to them or to a
 * crew they are in) of the workspace they are in now: leaving a workspace empties it.
 */

export const FEED_NOT_FOUND = 'Calendar feed not found';
const DAY = 86_400_000;

export async function feedStatus(opts: { db: Db; actor: WorkspaceActor }): Promise<{ active: boolean; created_at: string | null }> {
  const [row] = await opts.db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, opts.actor.userId));
  return { active: Boolean(row), created_at: row ? row.createdAt.toISOString() : null };
}

/** A new link for the caller (any older one stops working at once). */
export async function resetFeed(opts: { db: Db; actor: WorkspaceActor; publicUrl: string; feedPath: (token: string) => string; now: Date }): Promise<{ url: string; created_at: string }> {
  const token = newOpaqueToken();
  await opts.db
    .insert(calendarFeeds)
    .values({ userId: opts.actor.userId, tokenHash: hashToken(token), createdAt: opts.now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hashToken(token), createdAt: opts.now } });
  return { url: `${opts.publicUrl}${opts.feedPath(token)}`, created_at: opts.now.toISOString() };
}

export async function removeFeed(opts: { db: Db; actor: WorkspaceActor }): Promise<void> {
  await opts.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, opts.actor.userId));
}

type FeedRow = {
  id: string;
  starts_at: string;
  ends_at: string;
  all_day: boolean;
  local_date: string;
  end_local_date: string;
  status: string;
  notes: string | null;
  arrival_start: string | null;
  arrival_end: string | null;
  version: number;
  updated_at: string;
  title: string | null;
  client_name: string | null;
  property_address: string | null;
};

const dateArray = (isoDate: string): [number, number, number] => isoDate.split('-').map(Number) as [number, number, number];
const nextDay = (isoDate: string) => new Date(Date.parse(isoDate) + DAY).toISOString().slice(0, 10);

/** The ICS text of the feed a token opens; 404 for a token that is not (or no longer) anyone's. */
export async function feedCalendar(opts: { db: Db; token: string; now: Date; publicHost: string }): Promise<string> {
  const [feed] = await opts.db.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq(calendarFeeds.tokenHash, hashToken(opts.token)));
  if (!feed) throw new AppError('NOT_FOUND', FEED_NOT_FOUND);
  const workspaceId = (await findPeople(opts.db, [feed.userId])).get(feed.userId)?.workspaceId ?? null;
  const rows = workspaceId
    ? await queryRows<FeedRow>(
        opts.db,
        sql`SELECT v.id, ${isoTs(sql`v.starts_at`)} AS starts_at, ${isoTs(sql`v.ends_at`)} AS ends_at, v.all_day, v.local_date::text AS local_date, v.end_local_date::text AS end_local_date,
            v.status, v.notes, v.arrival_start, v.arrival_end, v.version, ${isoTs(sql`v.updated_at`)} AS updated_at, jr.title, jr.client_name, jr.property_address
          FROM visits v ${jobSummaryJoinSql(sql`v.job_id`)}
          WHERE v.workspace_id = ${workspaceId} AND ${visitOfPersonSql(feed.userId)}
            AND v.ends_at > ${new Date(opts.now.getTime() - CALENDAR_FEED_DAYS_BACK * DAY).toISOString()}::timestamptz
            AND v.starts_at < ${new Date(opts.now.getTime() + CALENDAR_FEED_DAYS_AHEAD * DAY).toISOString()}::timestamptz
          ORDER BY v.starts_at, v.id`,
      )
    : [];
  const events: EventAttributes[] = rows.map((r) => {
    const description = [r.arrival_start ? `Arrival window: ${r.arrival_start}–${r.arrival_end}` : null, r.client_name ? `Client: ${r.client_name}` : null, r.notes].filter(Boolean).join('\n');
    const base = {
      uid: `visit-${r.id}@${opts.publicHost}`,
      title: [r.title, r.client_name].filter(Boolean).join(' — ') || 'Visit',
      ...(description ? { description } : {}),
      ...(r.property_address ? { location: r.property_address } : {}),
      status: r.status === 'cancelled' ? ('CANCELLED' as const) : ('CONFIRMED' as const),
      sequence: r.version,
      lastModified: new Date(r.updated_at).getTime(),
      productId: 'fieldbook/schedule',
    };
    return r.all_day
      ? { ...base, start: dateArray(r.local_date), end: dateArray(nextDay(r.end_local_date)) }
      : { ...base, start: new Date(r.starts_at).getTime(), startInputType: 'utc', startOutputType: 'utc', end: new Date(r.ends_at).getTime(), endInputType: 'utc', endOutputType: 'utc' };
  });
  if (events.length === 0) {
    // ics refuses an empty list; an empty calendar is still a calendar.
    return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:fieldbook/schedule', 'METHOD:PUBLISH', 'X-WR-CALNAME:Fieldbook visits', 'END:VCALENDAR', ''].join('\r\n');
  }
  const { error, value } = createEvents(events, { productId: 'fieldbook/schedule', method: 'PUBLISH', calName: 'Fieldbook visits' });
  if (error || !value) throw error ?? new Error('The calendar could not be written');
  return value;
}
