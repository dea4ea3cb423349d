import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { appWithOutbox } from '../test/app-with-outbox';
import { enqueueMail, enqueueSms } from './mail';
import { startOutboxWorker } from './outbox';
import { twilioSender, type SmsConfig } from './sms';

type Received = { method: string; path: string; authorization: string | undefined; contentType: string | undefined; form: Record<string, string> };

/**
 * A stand-in for Twilio's Messages API on loopback (we cannot reach Twilio here): it answers as Twilio documents —
 * 201 with the message resource, or 400 with {code, message, more_info, status} for a number it refuses.
 */
async function startTwilioStub(opts: { refuse?: (form: Record<string, string>) => boolean } = {}) {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      received.push({ method: req.method!, path: req.url!, authorization: req.headers.authorization, contentType: req.headers['content-type'], form });
      res.setHeader('content-type', 'application/json');
      if (opts.refuse?.(form)) {
        res.statusCode = 400;
        res.end(JSON.stringify({ code: 21211, message: `The 'To' number ${form.To} is not a valid phone number.`, more_info: 'https://www.twilio.com/docs/errors/21211', status: 400 }));
        return;
      }
      res.statusCode = 201;
      res.end(JSON.stringify({ sid: `SM${received.length.toString().padStart(32, '0')}`, status: 'queued', to: form.To, from: form.From, body: form.Body }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { received, url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const t = appWithOutbox();
const rowsFor = t.rowsFor;
const twilio = (apiUrl: string): SmsConfig => ({ accountSid: 'AC0123456789abcdef0123456789abcdef', authToken: 'secret-token', from: '+15125550000', apiUrl });

describe('SMS through the Twilio Messages API', () => {
  it('posts each pending SMS (Basic auth, To/From/Body form) and marks it sent; mail without SMTP is stored, not sent', async () => {
    const stub = await startTwilioStub();
    try {
      await enqueueSms(t.ctx.db, { to: '+15125550101', text: 'You have been invited to join North Crew: http://localhost/invitation/abc' });
      await enqueueMail(t.ctx.db, { to: 'ada@example.com', subject: 'Hi', text: 'kept' });
      const worker = startOutboxWorker({ db: t.ctx.db, senders: { sms: twilioSender(twilio(stub.url)) } });
      expect(await worker.drain()).toBe(2);

      expect(stub.received).toEqual([
        {
          method: 'POST',
          path: '/2010-04-01/Accounts/AC0123456789abcdef0123456789abcdef/Messages.json',
          authorization: `Basic ${Buffer.from('AC0123456789abcdef0123456789abcdef:secret-token').toString('base64')}`,
          contentType: 'application/x-www-form-urlencoded',
          form: { To: '+15125550101', From: '+15125550000', Body: 'You have been invited to join North Crew: http://localhost/invitation/abc' },
        },
      ]);
      const [sms] = await rowsFor('+15125550101');
      expect(sms).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(sms!.sentAt).toBeInstanceOf(Date);
      expect((await rowsFor('ada@example.com'))[0]).toMatchObject({ status: 'stored', attempts: 0 });
      // Nothing is sent twice.
      expect(await worker.drain()).toBe(0);
      expect(stub.received).toHaveLength(1);
    } finally {
      await stub.close();
    }
  });

  it('a refused number keeps the SMS pending with Twilio’s reason and a later retry; other messages wait for the next run', async () => {
    const stub = await startTwilioStub({ refuse: (form) => form.To === '+1555' });
    const errors: string[] = [];
    try {
      await enqueueSms(t.ctx.db, { to: '+1555', text: 'first' });
      await enqueueSms(t.ctx.db, { to: '+15125550102', text: 'second' });
      const worker = startOutboxWorker({ db: t.ctx.db, senders: { sms: twilioSender(twilio(stub.url)) }, log: (msg) => errors.push(msg) });
      expect(await worker.drain()).toBe(0);
      const [row] = await rowsFor('+1555');
      expect(row).toMatchObject({ status: 'pending', attempts: 1, sentAt: null, lastError: "SMS provider answered 400: The 'To' number +1555 is not a valid phone number. (code 21211)" });
      expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
      expect(errors).toEqual(['SMS to +1555 failed (attempt 1)']);
      // The refused one waits for its backoff; the next run sends the other.
      expect(await worker.drain()).toBe(1);
      expect((await rowsFor('+15125550102'))[0]).toMatchObject({ status: 'sent' });
      expect((await rowsFor('+1555'))[0]!.attempts).toBe(1);
    } finally {
      await stub.close();
    }
  });

  it('an unreachable provider is a failure with a reason, not a lost message', async () => {
    const stub = await startTwilioStub();
    await stub.close(); // nothing listens on its port any more
    await enqueueSms(t.ctx.db, { to: '+15125550103', text: 'hello' });
    expect(await startOutboxWorker({ db: t.ctx.db, senders: { sms: twilioSender(twilio(stub.url)) } }).drain()).toBe(0);
    const [row] = await rowsFor('+15125550103');
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/fetch failed|ECONNREFUSED/);
  });

  it('without a provider SMS are stored (readable in the development mailbox)', async () => {
    await enqueueSms(t.ctx.db, { to: '+15125550104', text: 'kept here' });
    expect(await startOutboxWorker({ db: t.ctx.db, senders: {} }).drain()).toBe(1);
    expect((await rowsFor('+15125550104'))[0]).toMatchObject({ status: 'stored', attempts: 0 });
  });
});

describe('SMS configuration', () => {
  it('takes the three TWILIO_* settings together, Twilio’s API by default', () => {
    expect(loadConfig({}).sms).toBeNull();
    expect(loadConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM_NUMBER: '+15125550000' }).sms).toEqual({
      accountSid: 'AC1',
      authToken: 't',
      from: '+15125550000',
      apiUrl: 'https://api.twilio.com',
    });
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'AC1' })).toThrow('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER must be set together');
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM_NUMBER: '+1', TWILIO_API_URL: 'ftp://x' })).toThrow('TWILIO_API_URL');
  });
});
