import type { NotificationKind } from '@fieldbook/contract';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownerRef } from '../../db/schema/_columns';
import { users } from '../auth/auth.schema';
import { jobs } from '../jobs/jobs.schema';
import { workspaces } from '../workspaces/workspaces.schema';

/**
 * The notifications feature's table (issue 27; docs/ARCHITECTURE.md, table ownership): one row per recipient, written
 * by another feature through `notify` (index.ts) in the same transaction as what it tells of. A row is its user's in
 * its workspace; `read_at` is set once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    workspaceId: ownerRef(() => workspaces.id),
    userId: ownerRef(() => users.id),
    kind: text().$type<NotificationKind>().notNull(),
    title: text().notNull(),
    body: text().notNull().default(''),
    /** An app path (`/jobs/<id>?quote=<id>`). */
    link: text().notNull(),
    /** The job it is about: a deleted job takes its notifications with it. */
    jobId: uuid().references(() => jobs.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // The list: a user's notifications in their workspace, newest first.
    index('notifications_user_created_idx').on(t.userId, t.workspaceId, t.createdAt.desc(), t.id.desc()),
    // The bell's unread count (polled): only unread rows are in it, so the count reads a few index entries.
    index('notifications_unread_idx').on(t.userId, t.workspaceId).where(sql`${t.readAt} IS NULL`),
    index('notifications_job_idx').on(t.jobId),
    check('notifications_link_check', sql`${t.link} LIKE '/%'`),
  ],
);
