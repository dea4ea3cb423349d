import type { ClientMessageRules } from '@fieldbook/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownerRef, updatedAt } from '../../db/schema/_columns';
import { users } from '../auth/auth.schema';
import { contacts } from '../contacts/contacts.schema';
import { jobs } from '../jobs/jobs.schema';
import { workspaces } from '../workspaces/workspaces.schema';

/**
 * Automatic messages to clients (issues 34 and 36; docs/ARCHITECTURE.md, table ownership: the client-messages feature's
 * alone). What is waiting to go is a row of client_message_queue (the row is the job, platform/jobs.ts); what went —
 * or was skipped, and why — is a row of client_message_sends, whose unique key (workspace, rule, occurrence, channel)
 * is the "never twice" rule: it is inserted in the transaction that puts the message in the outbox, so a second
 * process's insert conflicts and sends nothing.
 */

type Rule = keyof ClientMessageRules;

/**
 * A workspace's rules (one row once an admin saved them; none means the defaults). The row is also the job that scans
 * the workspace for quote follow-ups and review requests (`scanning` while either is on), every SCAN_EVERY_MS.
 */
export const clientMessageSettings = pgTable(
  'client_message_settings',
  {
    workspaceId: uuid()
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    rules: jsonb().$type<ClientMessageRules>().notNull(),
    reviewLink: text(),
    /**
     * The scans' places: quotes first sent from `quoteCursor` on, jobs completed from `reviewSince` on (both set to the
     * moment the rule was switched on, so nothing older is ever asked about). With the last row's id beside its time
     * (a keyset: rows of the same instant are neither skipped nor read again); null at the switch-on moment itself.
     */
    quoteCursor: timestamp({ withTimezone: true }),
    quoteCursorId: uuid(),
    reviewSince: timestamp({ withTimezone: true }),
    reviewCursorId: uuid(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    scanning: boolean().notNull().default(false),
    scanDueAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    scanLockedUntil: timestamp({ withTimezone: true }),
    scanAttempts: integer().notNull().default(0),
    scanError: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('client_message_settings_scan_idx').on(t.scanDueAt).where(sql`${t.scanning}`)],
);

/**
 * A message waiting for its time: the rule, the occurrence it is for (`visit_reminder:<visit>:<start ISO>`), what it
 * needs to be written (`subject`: the visit's times and window, the quote, the job) and when it is due. Unique per
 * (workspace, rule, occurrence): arming the same occurrence again changes nothing.
 */
export const clientMessageQueue = pgTable(
  'client_message_queue',
  {
    id: id(),
    workspaceId: ownerRef(() => workspaces.id),
    rule: text().$type<Rule>().notNull(),
    occurrence: text().notNull(),
    jobId: ownerRef(() => jobs.id),
    /** The visit, quote or job the message is about (cancelling a visit cancels its rows by it). */
    subjectId: uuid().notNull(),
    subject: jsonb().$type<Record<string, string | null>>().notNull().default({}),
    status: text().$type<'pending' | 'done' | 'cancelled' | 'failed'>().notNull().default('pending'),
    dueAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('client_message_queue_occurrence_idx').on(t.workspaceId, t.rule, t.occurrence),
    // The claim's fair turn walks the workspaces with messages waiting, each one's oldest first (deliver.ts FAIR_CAP);
    // saving the settings wakes a workspace's waiting messages through it too. No index on due_at alone: the planner
    // took it for one workspace's oldest and walked every workspace's due rows to find them.
    index('client_message_queue_workspace_due_idx').on(t.workspaceId, t.dueAt).where(sql`${t.status} = 'pending'`),
    index('client_message_queue_subject_idx').on(t.subjectId),
    check('client_message_queue_status_check', sql`${t.status} in ('pending','done','cancelled','failed')`),
  ],
);

/** Every automatic message sent (or skipped, with the reason): the contact's log, and the once-only key. */
export const clientMessageSends = pgTable(
  'client_message_sends',
  {
    id: id(),
    workspaceId: ownerRef(() => workspaces.id),
    rule: text().$type<Rule>().notNull(),
    occurrence: text().notNull(),
    channel: text().$type<'sms' | 'email'>().notNull(),
    /** E.164 phone or lower-case email. */
    address: text().notNull(),
    contactId: uuid().references(() => contacts.id, { onDelete: 'set null' }),
    jobId: uuid().references(() => jobs.id, { onDelete: 'set null' }),
    status: text().$type<'sent' | 'skipped'>().notNull(),
    reason: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('client_message_sends_once_idx').on(t.workspaceId, t.rule, t.occurrence, t.channel),
    index('client_message_sends_contact_idx').on(t.workspaceId, t.contactId, t.createdAt),
    index('client_message_sends_address_idx').on(t.channel, t.address, t.workspaceId),
    check('client_message_sends_channel_check', sql`${t.channel} in ('sms','email')`),
    check('client_message_sends_status_check', sql`${t.status} in ('sent','skipped')`),
  ],
);

/** An address that opted out of a workspace's automatic messages (a STOP reply, an email's link, the office). */
export const clientMessageOptOuts = pgTable(
  'client_message_opt_outs',
  {
    workspaceId: ownerRef(() => workspaces.id),
    channel: text().$type<'sms' | 'email'>().notNull(),
    address: text().notNull(),
    source: text().$type<'sms_reply' | 'email_link' | 'office'>().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.channel, t.address] }),
    index('client_message_opt_outs_address_idx').on(t.channel, t.address),
    check('client_message_opt_outs_channel_check', sql`${t.channel} in ('sms','email')`),
  ],
);
