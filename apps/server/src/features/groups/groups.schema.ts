import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/schema/_columns';
import { users } from '../auth/auth.schema';
import { workspaces } from '../workspaces/workspaces.schema';

export type GroupRole = 'admin' | 'member' | 'view_only';

/** A crew inside a workspace (spec 002 §3): created by a user, in the workspace they were in (created_by_workspace). */
export const groups = pgTable(
  'groups',
  {
    id: id(),
    name: text().notNull(),
    description: text(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    driveFolderId: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('groups_workspace_idx').on(t.workspaceId), index('groups_created_by_idx').on(t.createdBy)],
);

/** A group's members: users (user_id) with the phone they were invited on; the creator is one, role admin. */
export const groupMembers = pgTable(
  'group_members',
  {
    id: id(),
    groupId: uuid()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text(),
    role: text().$type<GroupRole>().notNull().default('member'),
    addedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One membership per user and group: two concurrent accepts of one invitation give one row.
    uniqueIndex('group_members_group_user_uq').on(t.groupId, t.userId).where(sql`${t.userId} is not null`),
    index('group_members_user_idx').on(t.userId),
  ],
);

/** A pending invitation by phone (spec 002 §3). Only the token's SHA-256 is stored; the link carries the token. */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    tokenHash: text().notNull(),
    groupId: uuid()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    phoneNumber: text().notNull(),
    role: text().$type<GroupRole>().notNull().default('member'),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    // The one-time code texted to the invited phone: the proof an acceptance needs (the link alone is a bearer token
    // anyone it is forwarded to holds). Hashed; a few wrong tries clear it.
    codeHash: text(),
    codeSentAt: timestamp({ withTimezone: true }),
    codeExpiresAt: timestamp({ withTimezone: true }),
    codeAttempts: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('invitations_token_hash_uq').on(t.tokenHash), index('invitations_group_idx').on(t.groupId)],
);
