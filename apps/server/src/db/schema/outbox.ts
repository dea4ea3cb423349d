import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './_columns';
import { requestIdColumn } from '../../platform/request-context';

/** A file sent with a mail: read from the blob store when the mail is sent, so the outbox row stays small. */
export type OutboxAttachment = { file_name: string; content_type: string; blob_key: string; size: number };

/**
 * Every mail and SMS goes here first (design.md §7). A worker delivers it when SMTP / SMS is configured;
 * otherwise it stays readable in the development mailbox.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    channel: text().$type<'email' | 'sms'>().notNull(),
    recipient: text().notNull(),
    subject: text(),
    body: text().notNull(),
    html: text(),
    attachments: jsonb().$type<OutboxAttachment[]>().notNull().default([]),
    status: text().$type<'pending' | 'sent' | 'failed' | 'stored'>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The lease of a claimed message (platform/jobs.ts): while it is ahead, a process is sending it. */
    lockedUntil: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    /** The request that queued this work (platform/request-context.ts): the job's log lines carry it. */
    requestId: requestIdColumn(),
  },
  (t) => [index('outbox_messages_status_idx').on(t.status, t.nextAttemptAt), index('outbox_messages_recipient_idx').on(t.recipient)],
);
