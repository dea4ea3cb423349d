import { boolean, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/schema/_columns';
import { users } from '../auth/auth.schema';

export const userSettings = pgTable('user_settings', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  theme: text().$type<'light' | 'dark'>().notNull().default('light'),
  notificationsEnabled: boolean().notNull().default(true),
  emailNotifications: boolean().notNull().default(true),
  smsNotifications: boolean().notNull().default(true),
  apiUrl: text(),
  /** JSON text, as the specification stores it. */
  recorderSettings: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
