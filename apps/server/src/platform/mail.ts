import type { Db } from '../db/client';
import { outboxMessages, type OutboxAttachment } from '../db/schema';
import type { BlobStore } from './blob-store';
import type { Sender } from './outbox';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string; attachments?: OutboxAttachment[] };

/** Mail goes to the outbox table first; the outbox worker delivers it when SMTP_URL is set (design.md §7). */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<void> {
  await db.insert(outboxMessages).values({
    channel: 'email',
    recipient: mail.to,
    subject: mail.subject,
    body: mail.text,
    html: mail.html ?? null,
    attachments: mail.attachments ?? [],
  });
}

/** Text messages go to the same outbox (channel sms); the outbox worker sends them through sms.ts when configured. */
export async function enqueueSms(db: Db, sms: { to: string; text: string }): Promise<void> {
  await db.insert(outboxMessages).values({ channel: 'sms', recipient: sms.to, body: sms.text });
}

/**
 * Sends outbox mail over SMTP (nodemailer, loaded on first use). Attachments are streamed from the blob store as
 * the mail is written; one deleted since the mail was queued fails the send with a reason (the outbox keeps it).
 */
export function smtpSender(smtpUrl: string, from: string, blobs: BlobStore): Sender {
  let transport: Promise<{ sendMail: (m: Record<string, unknown>) => Promise<unknown> }> | null = null;
  return async (row) => {
    transport ??= import('nodemailer').then((nodemailer) => nodemailer.createTransport(smtpUrl));
    const attachments = await Promise.all(
      row.attachments.map(async (a) => {
        const blob = await blobs.get(a.blob_key);
        if (!blob) throw new Error(`The attached file ${a.file_name} no longer exists`);
        return { filename: a.file_name, contentType: a.content_type, content: blob.body };
      }),
    );
    await (await transport).sendMail({ from, to: row.recipient, subject: row.subject ?? '', text: row.body, html: row.html ?? undefined, attachments });
  };
}
