import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/schema/_columns';
import { users } from '../auth/auth.schema';
import { workspaces } from '../workspaces/workspaces.schema';

/** One profile per user (id = users.id). role 'admin' is the system administrator. */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    userName: text(),
    fullName: text(),
    phoneNumber: text(),
    smsOptIn: boolean().notNull().default(false),
    smsOptInDate: timestamp({ withTimezone: true }),
    role: text().$type<'admin' | 'user'>().notNull().default('user'),
    workspaceId: uuid().references(() => workspaces.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('profiles_workspace_id_idx').on(t.workspaceId)],
);
