import { desc, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema/outbox';

/** A message of the outbox as stored (the platform owns outbox_messages: docs/ARCHITECTURE.md, table ownership). */
export type OutboxMessageRecord = typeof outboxMessages.$inferSelect;

/** Outbox messages, newest first, optionally for one recipient (compared case-insensitively): what /dev/mailbox shows. */
export function listOutboxMessages({ db, to, limit }: { db: Db; to?: string | undefined; limit: number }): Promise<OutboxMessageRecord[]> {
  return (
    db
      .select()
      .from(outboxMessages)
      .where(to ? sql`lower(${outboxMessages.recipient}) = ${to.trim().toLowerCase()}` : undefined)
      // id breaks ties between messages written in the same millisecond so the order is stable.
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
      .limit(limit)
  );
}
