import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../db/schema';
import { appWithOutbox } from '../test/app-with-outbox';
import { startSmtp } from '../test/smtp-server';
import { enqueueMail, smtpSender } from './mail';
import { startOutboxWorker } from './outbox';

/** Headers of a raw RFC 5322 message (folded lines joined) and its body, quoted-printable decoded. */
function parseMessage(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.slice(split + 4);
  if (/quoted-printable/i.test(headers['content-transfer-encoding'] ?? '')) {
    body = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return { headers, body: body.replace(/\r\n$/, '') };
}

const t = appWithOutbox();
const rowsFor = t.rowsFor;

describe('outbox worker over real SMTP', () => {
  it('delivers pending mail (from, to, subject, body) and marks the row sent', async () => {
    const smtp = await startSmtp();
    try {
      const text = 'Confirm your email: http://localhost:3000/auth/v1/verify?token=abc123&type=signup\nThanks, Fieldbook';
      await enqueueMail(t.ctx.db, { to: 'ada@example.com', subject: 'Confirm your signup', text });
      await enqueueMail(t.ctx.db, { to: 'bob@example.com', subject: 'Second', text: 'plain', html: '<p>rich</p>' });
      const worker = startOutboxWorker({ db: t.ctx.db, senders: { email: smtpSender(smtp.url, 'Fieldbook <no-reply@fieldbook.local>', t.ctx.blobs) } });
      expect(await worker.drain()).toBe(2);
      worker.stop();

      expect(smtp.received).toHaveLength(2);
      const [first, second] = smtp.received;
      expect(first!.from).toBe('no-reply@fieldbook.local');
      expect(first!.to).toEqual(['ada@example.com']);
      const message = parseMessage(first!.raw);
      expect(message.headers.subject).toBe('Confirm your signup');
      expect(message.headers.from).toBe('Fieldbook <no-reply@fieldbook.local>');
      expect(message.headers.to).toBe('ada@example.com');
      expect(message.body).toBe(text.replace(/\n/g, '\r\n'));
      expect(second!.to).toEqual(['bob@example.com']);
      expect(second!.raw).toContain('multipart/alternative');
      expect(second!.raw).toContain('<p>rich</p>');

      const [row] = await rowsFor('ada@example.com');
      expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(row!.sentAt).toBeInstanceOf(Date);
      // Nothing is sent twice.
      const again = startOutboxWorker({ db: t.ctx.db, senders: { email: smtpSender(smtp.url, 'x@example.com', t.ctx.blobs) } });
      expect(await again.drain()).toBe(0);
      expect(smtp.received).toHaveLength(2);
    } finally {
      await smtp.close();
    }
  });

  it('keeps the row pending with attempts=1, last_error and a later retry time when the server rejects it', async () => {
    const smtp = await startSmtp({ rejectRcpt: true });
    const errors: string[] = [];
    try {
      await enqueueMail(t.ctx.db, { to: 'gone@example.com', subject: 'Hello', text: 'Hi' });
      const worker = startOutboxWorker({ db: t.ctx.db, senders: { email: smtpSender(smtp.url, 'no-reply@fieldbook.local', t.ctx.blobs) }, log: (msg) => errors.push(msg) });
      expect(await worker.drain()).toBe(0);
      worker.stop();
      const [row] = await rowsFor('gone@example.com');
      expect(row).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
      expect(row!.lastError).toMatch(/Mailbox unavailable|550/);
      expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
      expect(errors).toEqual(['mail to gone@example.com failed (attempt 1)']);
      expect(smtp.received).toHaveLength(0);
      // Backoff: an immediate second drain does not hammer the server.
      expect(await startOutboxWorker({ db: t.ctx.db, senders: { email: smtpSender(smtp.url, 'no-reply@fieldbook.local', t.ctx.blobs) } }).drain()).toBe(0);
      expect((await rowsFor('gone@example.com'))[0]!.attempts).toBe(1);
    } finally {
      await smtp.close();
    }
  });

  it('a message whose every claimed attempt ended without a result (the process died while sending) is given up, not sent again', async () => {
    const smtp = await startSmtp();
    try {
      await enqueueMail(t.ctx.db, { to: 'poison@example.com', subject: 'Hello', text: 'Hi' });
      // Five claims, each by a process that died before writing an outcome; the last lease has run out.
      await t.ctx.db.update(outboxMessages).set({ attempts: 5, nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(outboxMessages.recipient, 'poison@example.com'));
      const worker = startOutboxWorker({ db: t.ctx.db, senders: { email: smtpSender(smtp.url, 'no-reply@fieldbook.local', t.ctx.blobs) } });
      expect(await worker.drain()).toBe(0);
      expect(await rowsFor('poison@example.com')).toMatchObject([{ status: 'failed', attempts: 5, sentAt: null, lastError: 'Sending stopped: 5 attempts ended without a result' }]);
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it('without SMTP_URL marks mail stored (readable in the development mailbox)', async () => {
    await enqueueMail(t.ctx.db, { to: 'local@example.com', subject: 'Stored', text: 'kept here' });
    const worker = startOutboxWorker({ db: t.ctx.db, senders: {} });
    expect(await worker.drain()).toBe(1);
    const [row] = await rowsFor('local@example.com');
    expect(row).toMatchObject({ status: 'stored', attempts: 0, sentAt: null });
  });
});
