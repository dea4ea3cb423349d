import { NOTIFICATION_NOT_FOUND, UNREAD_COUNT_CAP, type Notification, type NotificationKind, type NotificationList } from '@fieldbook/contract';
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/sql';
import type { Actor } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { findPeople } from '../profiles';
import { getUserSettings } from '../settings';
import { notifications } from './notifications.schema';

type Row = typeof notifications.$inferSelect;

export type NewNotification = {
  workspaceId: string;
  /** Who should know; those no longer in the workspace, or with notifications turned off, are left out, each person once. */
  userIds: readonly (string | null | undefined)[];
  kind: NotificationKind;
  title: string;
  body: string;
  /** An app path, e.g. `/jobs/<id>?quote=<id>`. */
  link: string;
  jobId: string | null;
};

/**
 * Whether `userId` wants in-app notifications: the settings' master toggle, notifications_enabled (spec 001 §2; on
 * without a settings row). Read through the settings feature's entry, one person at a time — one statement after the
 * other, as the caller's transaction is one connection; the people told of one event are a handful (a quote's author
 * and the workspace's admins).
 */
async function wantsNotifications(tx: Db | Tx, userId: string): Promise<boolean> {
  // A transaction is a Db for this read: one select.
  return (await getUserSettings({ db: tx as Db, userId })).notifications_enabled;
}

/**
 * Writes a notification for each of `userIds` who is a member of the workspace and has notifications on — inside the
 * caller's transaction (`tx`), so it exists exactly when what it tells of was committed. The one way other features
 * notify (index.ts).
 *
 * Someone who turned notifications off (the settings' master toggle) gets no row at all, rather than a row hidden
 * while the toggle is off: off means "do not notify me", and turning it on again starts from what happens next,
 * without a backlog of everything that happened meanwhile landing on the bell at once. What was decided is not lost:
 * it stays on its own screen (a quote's status in the job's Quotes panel). Rows written before the toggle went off
 * stay, read or unread, as any notification already delivered; and the bell's count stays one indexed statement.
 */
export async function notify(tx: Db | Tx, input: NewNotification): Promise<string[]> {
  const ids = [...new Set(input.userIds.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return [];
  if (!input.link.startsWith('/') || input.link.startsWith('//')) throw new Error(`A notification links inside the app, not to ${input.link}`);
  const people = await findPeople(tx, ids);
  const members: string[] = [];
  for (const id of ids) {
    if (people.get(id)?.workspaceId === input.workspaceId && (await wantsNotifications(tx, id))) members.push(id);
  }
  if (members.length === 0) return [];
  await tx.insert(notifications).values(
    members.map((userId) => ({ workspaceId: input.workspaceId, userId, kind: input.kind, title: input.title.slice(0, 300), body: input.body.slice(0, 2000), link: input.link, jobId: input.jobId })),
  );
  return members;
}

const toNotification = (r: Row): Notification => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  link: r.link,
  job_id: r.jobId,
  created_at: r.createdAt.toISOString(),
  read_at: r.readAt?.toISOString() ?? null,
});

/** The caller's own rows in their current workspace (none without one). */
const mine = (actor: Actor) => (actor.workspaceId ? and(eq(notifications.userId, actor.userId), eq(notifications.workspaceId, actor.workspaceId)) : sql`false`);

/** The bell's count as one statement: on the partial index of unread rows (notifications_unread_idx), at most UNREAD_COUNT_CAP. */
export function unreadCountSql(userId: string, workspaceId: string): SQL {
  return sql`SELECT count(*)::int AS unread FROM (
      SELECT 1 FROM notifications WHERE user_id = ${userId} AND workspace_id = ${workspaceId} AND read_at IS NULL LIMIT ${UNREAD_COUNT_CAP}
    ) unread`;
}

/** The bell's count, polled by every open app: one indexed statement (a named prepared statement on PostgreSQL). */
export async function unreadCount(db: Db, actor: Actor): Promise<number> {
  if (!actor.workspaceId) return 0;
  const [row] = await queryRows<{ unread: number }>(db, unreadCountSql(actor.userId, actor.workspaceId));
  return row?.unread ?? 0;
}

/** A page of the caller's notifications, newest first, with their total and the unread count. */
export async function listMine(opts: { db: Db; actor: Actor; limit: number; offset: number }): Promise<NotificationList> {
  const { db, actor } = opts;
  // At once: a read (GET) runs on the pool, never in a request's transaction (only the offline queue's writes get one).
  const [rows, [total], unread] = await Promise.all([
    db.select().from(notifications).where(mine(actor)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(opts.limit).offset(opts.offset),
    db.select({ n: count() }).from(notifications).where(mine(actor)),
    unreadCount(db, actor),
  ]);
  return { notifications: rows.map(toNotification), total: total?.n ?? 0, unread };
}

/** Marks one of the caller's notifications read (again: no change); another user's or workspace's is not found. */
export async function markRead(opts: { db: Db; actor: Actor; id: string; now: Date }): Promise<Notification> {
  const [row] = await opts.db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${opts.now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, opts.id), mine(opts.actor)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', NOTIFICATION_NOT_FOUND);
  return toNotification(row);
}

/** Marks every unread notification of the caller read. */
export async function markAllRead(opts: { db: Db; actor: Actor; now: Date }): Promise<{ marked: number }> {
  const rows = await opts.db
    .update(notifications)
    .set({ readAt: opts.now })
    .where(and(mine(opts.actor), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { marked: rows.length };
}
