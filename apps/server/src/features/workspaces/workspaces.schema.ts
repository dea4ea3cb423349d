import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/schema/_columns';

/**
 * A contractor company: the tenant (design.md §4). Deleting one sets deleted_at and unlinks its members; its
 * work stays (ADR 0009), so an admin can restore it.
 */
export const workspaces = pgTable(
  'workspaces',
  {
  id: id(),
  name: text().notNull(),
  description: text(),
  // No FK to profiles: profiles reference workspaces, and an owner may leave the workspace.
  ownerId: uuid(),
  privacySetting: text().$type<'private' | 'limited' | 'public'>().notNull().default('private'),
  driveIntegrationEnabled: boolean().notNull().default(true),
  defaultGroupVisibility: text().$type<'invite_only' | 'contact_visible' | 'public'>().notNull().default('invite_only'),
  // The notice shown before a recording starts (issue 26); null: the contract's default. Set by an admin.
  recordingConsentNotice: text(),
  recordingConsentUpdatedAt: timestamp({ withTimezone: true }),
  // The IANA zone what people read and type is in (design.md §4): due dates, "valid until", reports by day. Checked
  // at the API boundary (the contract's TimeZoneSchema); instants stay UTC.
  timeZone: text().notNull().default('UTC'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('workspaces_name_idx').on(t.name)],
);
