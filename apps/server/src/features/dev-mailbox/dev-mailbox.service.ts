import type { Db } from '../../db/client';
import { listOutboxMessages } from '../../platform/outbox-messages';

export type MailboxMessage = {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
  status: 'pending' | 'sent' | 'failed' | 'stored';
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** Files sent with the mail (name, type, size in bytes). */
  attachments: { file_name: string; content_type: string; size: number }[];
  /** Every http(s) URL in the body, in order: what e2e tests follow (confirmation, reset, invitation links). */
  links: string[];
};

// Stops at whitespace and at characters that close the URL in prose or markup. (matchAll copies the regex,
// so sharing this global one is safe.)
export const URL_PATTERN = /https?:\/\/[^\s<>"'`)\]]+/g;

/** The URLs of a text, without trailing sentence punctuation ("…/verify?token=abc." → "…/verify?token=abc"). */
export function findLinks(text: string): string[] {
  return [...text.matchAll(URL_PATTERN)].map((m) => trimTrailingPunctuation(m[0]));
}

export function trimTrailingPunctuation(url: string): string {
  return url.replace(/[.,;:!?]+$/, '');
}

/** Outbox messages, newest first, optionally for one recipient (compared case-insensitively). */
export async function listMailboxMessages({ db, to, limit }: { db: Db; to?: string | undefined; limit: number }): Promise<MailboxMessage[]> {
  const rows = await listOutboxMessages({ db, to, limit });
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    body: row.body,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
    attachments: row.attachments.map(({ file_name, content_type, size }) => ({ file_name, content_type, size })),
    links: findLinks(row.body),
  }));
}
