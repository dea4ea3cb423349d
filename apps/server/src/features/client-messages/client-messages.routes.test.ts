import {
  CLIENT_MESSAGE_SETTINGS_ADMIN_ONLY,
  CLIENT_MESSAGE_UNKNOWN_PLACEHOLDER,
  CLIENT_MESSAGE_PLACEHOLDERS,
  ClientMessageLogSchema,
  ClientMessageSettingsSchema,
  ContactOptOutSchema,
  DEFAULT_CLIENT_MESSAGE_RULES,
  SMS_WEBHOOK_SIGNATURE_INVALID,
  UNSUBSCRIBE_LINK_INVALID,
  UnsubscribeStateSchema,
  type ClientMessageRules,
} from '@fieldbook/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

// Each test drives the app, the runner and PGlite through many steps: on the shared 2-core machine one took 30 s.
import { clientMessageOptOuts, clientMessageQueue, clientMessageSends, clientMessageSettings, jobs, outboxMessages, quotes, workspaces } from '../../db/schema';
import { insertContact, insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { deliverQueued, startClientMessageWorker } from './deliver';
import { SCAN_MAX_ATTEMPTS, startClientMessageScanWorker } from './scan';
import { twilioSignature } from './twilio-signature';

// The jobs' clock, settable: Monday 2027-03-01 15:00 UTC = 09:00 in Chicago (CST). The API runs on the real clock
// (sessions would expire on one months ahead); the runner claims rows due by the database's own clock, so each drain
// first makes every waiting row due — the job works out each message's moment afresh from its own clock anyway.
const START = '2027-03-01T15:00:00Z';
let clock = new Date(START);
const ZONE = 'America/Chicago';
const TWILIO_TOKEN = 'twilio-auth-token-for-tests';
let ctx: TestContext;
let alice: TestUser; // the workspace's owner (admin)
let bob: TestUser; // a plain member
let eve: TestUser; // another workspace's owner

const api = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const LONG_AGO = new Date('2020-01-01T00:00:00Z');
const drain = async () => {
  await ctx.db.update(clientMessageQueue).set({ dueAt: LONG_AGO }).where(eq(clientMessageQueue.status, 'pending'));
  return startClientMessageWorker({ db: ctx.db, signer: ctx.signer, publicUrl: ctx.config.publicUrl, now: () => clock }).drain();
};
const scan = async () => {
  await ctx.db.update(clientMessageSettings).set({ scanDueAt: LONG_AGO });
  return startClientMessageScanWorker({ db: ctx.db, now: () => clock }).drain();
};
const outboxTo = (address: string) => ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, address)).orderBy(outboxMessages.createdAt);

let n = 0;
/** A client contact of `owner` and a job of theirs whose client is that contact (by name). */
async function client(owner: TestUser = alice, opts: { email?: string | null } = {}) {
  n += 1;
  const phone = `51255501${String(n).padStart(2, '0')}`;
  const email = opts.email === undefined ? `client${n}@example.com` : opts.email;
  const contact = await insertContact(ctx.db, { ownerId: owner.id, name: `Client Number${n}`, phoneNumber: phone, email });
  const job = await insertJob(ctx.db, { workspaceId: owner.workspaceId!, createdBy: owner.id, title: `Roof ${n}`, clientName: ` client number${n} `, propertyAddress: `${n} Oak Ave` });
  return { contact, job, sms: `+1${phone}`, email };
}
const book = async (jobId: string, startsAt: string, endsAt: string, extra: Record<string, unknown> = {}) => {
  const res = await api(alice, 'POST', '/api/visits', { job_id: jobId, starts_at: startsAt, ends_at: endsAt, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; version: number };
};
const saveRules = async (patch: (r: ClientMessageRules) => void, reviewLink: string | null = null, user = alice) => {
  const rules = structuredClone(DEFAULT_CLIENT_MESSAGE_RULES);
  patch(rules);
  return api(user, 'PUT', '/api/client-message-settings', { rules, review_link: reviewLink });
};
const twilio = (fields: Record<string, string>, signature?: string) => {
  const params = Object.entries(fields);
  const sig = signature ?? twilioSignature(TWILIO_TOKEN, `${ctx.config.publicUrl}/api/public/sms/inbound`, params);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/public/sms/inbound',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': sig, host: 'attacker.example' },
    payload: new URLSearchParams(fields).toString(),
  });
};

beforeAll(async () => {
  ctx = await createTestApp({ TWILIO_ACCOUNT_SID: 'AC0123456789', TWILIO_AUTH_TOKEN: TWILIO_TOKEN, TWILIO_FROM_NUMBER: '+15125550000' });
  alice = await createTestUser(ctx, { workspaceName: 'Lopez Roofing' });
  await ctx.db.update(workspaces).set({ timeZone: ZONE, name: 'Lopez Roofing' }).where(eq(workspaces.id, alice.workspaceId!));
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId });
  eve = await createTestUser(ctx);
}, 180_000);
afterAll(() => ctx.close());
beforeEach(() => {
  clock = new Date(START);
});

describe('settings', { timeout: 120_000 }, () => {
  it('anonymous 401; members read the defaults (can_edit false) with the invoice reminders read-only', async () => {
    expect((await api(null, 'GET', '/api/client-message-settings')).statusCode).toBe(401);
    const res = await api(bob, 'GET', '/api/client-message-settings');
    expect(res.statusCode, res.body).toBe(200);
    const s = ClientMessageSettingsSchema.parse(res.json());
    expect(s.rules).toEqual(DEFAULT_CLIENT_MESSAGE_RULES);
    expect(s).toMatchObject({ can_edit: false, time_zone: ZONE, quiet_hours: { from: 8, until: 20 }, invoice_reminders: { enabled: false } });
  });

  it('only admins change them (403 for a member); an unknown placeholder is a 400 naming it; neither changes anything', async () => {
    const refused = await saveRules((r) => (r.visit_reminder.hours_before = 2), null, bob);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(CLIENT_MESSAGE_SETTINGS_ADMIN_ONLY);
    const bad = await saveRules((r) => {
      r.visit_reminder.hours_before = 2;
      r.visit_booked.template.sms = 'Booked for {date} at {time}';
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain(CLIENT_MESSAGE_UNKNOWN_PLACEHOLDER('time', CLIENT_MESSAGE_PLACEHOLDERS.visit_booked));
    const noLink = await saveRules((r) => (r.review_request.enabled = true));
    expect(noLink.statusCode).toBe(400);
    const now = ClientMessageSettingsSchema.parse((await api(alice, 'GET', '/api/client-message-settings')).json());
    expect(now.rules.visit_reminder.hours_before).toBe(24);
    expect(now.can_edit).toBe(true);
  });
});

describe('visit messages', { timeout: 120_000 }, () => {
  it('booking texts and emails the job’s client once, with the window in the workspace’s zone and an unsubscribe link; the log says why', async () => {
    const c = await client();
    await book(c.job.id, '2027-03-03T15:00:00Z', '2027-03-03T17:00:00Z', { arrival_window: { start: '08:00', end: '10:00' } });
    await drain();
    await drain();
    const [sms, ...moreSms] = await outboxTo(c.sms);
    expect(moreSms).toEqual([]);
    expect(sms?.body).toBe(`Lopez Roofing: your visit for ${c.job.title} is booked for Wednesday, March 3, arriving 8:00 AM – 10:00 AM. Reply STOP to opt out.`);
    const [mail, ...moreMail] = await outboxTo(c.email!);
    expect(moreMail).toEqual([]);
    expect(mail?.subject).toBe('Your visit is booked: Wednesday, March 3');
    expect(mail?.body).toMatch(new RegExp(`${ctx.config.publicUrl}/unsubscribe/[0-9a-f-]{36}\\.\\d+\\.[A-Za-z0-9_-]{43}`));
    const log = ClientMessageLogSchema.parse((await api(alice, 'GET', `/api/contacts/${c.contact.id}/client-messages`)).json());
    expect(log.total).toBe(2);
    expect(log.items.map((i) => [i.rule, i.channel, i.address, i.status, i.reason]).sort()).toEqual([
      ['visit_booked', 'email', c.email, 'sent', 'Visit on Wednesday, March 3 booked'],
      ['visit_booked', 'sms', c.sms, 'sent', 'Visit on Wednesday, March 3 booked'],
    ]);
  });

  it('quiet hours: booked at 21:30 local, the message goes at 8:00 the next morning, not before', async () => {
    clock = new Date('2027-03-02T03:30:00Z'); // Monday March 1, 21:30 CST
    const c = await client();
    await book(c.job.id, '2027-03-05T15:00:00Z', '2027-03-05T16:00:00Z');
    await drain();
    expect(await outboxTo(c.sms)).toEqual([]);
    clock = new Date('2027-03-02T13:59:00Z'); // 07:59
    await drain();
    expect(await outboxTo(c.sms)).toEqual([]);
    clock = new Date('2027-03-02T14:00:00Z'); // 08:00
    await drain();
    expect((await outboxTo(c.sms)).map((m) => m.createdAt.toISOString())).toHaveLength(1);
  });

  it('the reminder goes N hours before; a move sends "moved" and re-arms the reminder for the new time (the old one never goes)', async () => {
    const c = await client(alice, { email: null });
    const v = await book(c.job.id, '2027-03-04T15:00:00Z', '2027-03-04T16:00:00Z'); // Thursday 09:00 CST
    await drain(); // the booking
    const moved = await api(alice, 'PATCH', `/api/visits/${v.id}`, { version: v.version, starts_at: '2027-03-06T15:00:00Z', ends_at: '2027-03-06T16:00:00Z' });
    expect(moved.statusCode, moved.body).toBe(200);
    await drain();
    clock = new Date('2027-03-03T15:00:00Z'); // 24 h before the old time
    await drain();
    clock = new Date('2027-03-05T15:00:00Z'); // 24 h before the new time
    await drain();
    await drain();
    const texts = (await outboxTo(c.sms)).map((m) => m.body);
    expect(texts).toEqual([
      expect.stringContaining('is booked for Thursday, March 4'),
      expect.stringContaining('has moved to Saturday, March 6, arriving at 9:00 AM'),
      expect.stringContaining('a reminder of your visit for Roof'),
    ]);
    expect(texts[2]).toContain('Saturday, March 6');
  });

  it('a repeating visit arms a reminder for each occurrence made; ending the series drops those not yet sent', async () => {
    const c = await client(alice, { email: null });
    const v = await book(c.job.id, '2027-03-02T15:00:00Z', '2027-03-02T16:00:00Z', { recurrence: { rrule: 'FREQ=WEEKLY;COUNT=4' } });
    const reminders = () => ctx.db.select().from(clientMessageQueue).where(and(eq(clientMessageQueue.jobId, c.job.id), eq(clientMessageQueue.rule, 'visit_reminder')));
    expect((await reminders()).filter((r) => r.status === 'pending')).toHaveLength(4);
    clock = new Date('2027-03-08T15:00:00Z'); // 24 h before the second (Tuesday March 9, 09:00 CST)
    await drain();
    expect((await outboxTo(c.sms)).map((m) => m.body).filter((t) => t.includes('a reminder'))).toEqual([expect.stringContaining('Tuesday, March 9')]);
    const ended = await api(alice, 'POST', `/api/visits/${v.id}/cancel`, { version: v.version, scope: 'all' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await reminders()).filter((r) => r.status === 'pending')).toEqual([]);
  });

  it('On my way texts the arrival window (no email), once, when a crew member taps it', async () => {
    const c = await client();
    const v = await book(c.job.id, '2027-03-01T17:00:00Z', '2027-03-01T18:00:00Z', { user_ids: [bob.id], arrival_window: { start: '11:00', end: '12:00' } });
    await drain();
    const before = (await outboxTo(c.email!)).length;
    for (let i = 0; i < 2; i += 1) expect((await api(bob, 'POST', `/api/visits/${v.id}/status`, { status: 'on_the_way' })).statusCode).toBe(200);
    await drain();
    const texts = (await outboxTo(c.sms)).map((m) => m.body);
    expect(texts.filter((t) => t.includes('on our way'))).toEqual([`Lopez Roofing: we are on our way to ${c.job.propertyAddress}. Expected arrival: 11:00 AM – 12:00 PM. Reply STOP to opt out.`]);
    expect((await outboxTo(c.email!)).length).toBe(before);
  });

  it('sent once per rule and occurrence with two processes at once', async () => {
    const c = await client();
    await book(c.job.id, '2027-03-03T18:00:00Z', '2027-03-03T19:00:00Z');
    const [row] = await ctx.db.select().from(clientMessageQueue).where(and(eq(clientMessageQueue.jobId, c.job.id), eq(clientMessageQueue.rule, 'visit_booked')));
    const deps = { db: ctx.db, signer: ctx.signer, publicUrl: ctx.config.publicUrl, now: () => clock };
    // Two deliveries of the same row at once (as two processes would after a lost lease), and two runners draining.
    await Promise.all([deliverQueued(deps, row!.id), deliverQueued(deps, row!.id), drain(), drain()]);
    // Even a second row for the same occurrence (armed again after it was done) sends nothing: the sends' key holds.
    await ctx.db.update(clientMessageQueue).set({ status: 'pending', dueAt: clock }).where(eq(clientMessageQueue.id, row!.id));
    await Promise.all([deliverQueued(deps, row!.id), drain()]);
    expect(await outboxTo(c.sms)).toHaveLength(1);
    expect(await outboxTo(c.email!)).toHaveLength(1);
  });
});

describe('opt-outs', { timeout: 120_000 }, () => {
  it('the office opts a contact’s phone out: texts are skipped (logged why), emails still go; another workspace’s contact is 404', async () => {
    const c = await client();
    expect((await api(eve, 'GET', `/api/contacts/${c.contact.id}/message-opt-out`)).statusCode).toBe(404);
    expect((await api(eve, 'PUT', `/api/contacts/${c.contact.id}/message-opt-out`, { sms: true })).statusCode).toBe(404);
    expect((await api(eve, 'GET', `/api/contacts/${c.contact.id}/client-messages`)).statusCode).toBe(404);
    const bad = await api(alice, 'PUT', `/api/contacts/${c.contact.id}/message-opt-out`, { sms: 'yes' });
    expect(bad.statusCode).toBe(400);
    const res = await api(alice, 'PUT', `/api/contacts/${c.contact.id}/message-opt-out`, { sms: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(ContactOptOutSchema.parse(res.json())).toMatchObject({ sms: { address: c.sms, opted_out: true, source: 'office' }, email: { address: c.email, opted_out: false } });
    await book(c.job.id, '2027-03-03T20:00:00Z', '2027-03-03T21:00:00Z');
    await drain();
    expect(await outboxTo(c.sms)).toEqual([]);
    expect(await outboxTo(c.email!)).toHaveLength(1);
    const log = ClientMessageLogSchema.parse((await api(alice, 'GET', `/api/contacts/${c.contact.id}/client-messages`)).json());
    expect(log.items.find((i) => i.channel === 'sms')).toMatchObject({ status: 'skipped', reason: expect.stringContaining('Not sent: opted out of text messages') });
  });

  it('a member reads the log of a contact they can see (their own client)', async () => {
    const c = await client(bob);
    await book(c.job.id, '2027-03-03T21:00:00Z', '2027-03-03T22:00:00Z');
    await drain();
    const res = await api(bob, 'GET', `/api/contacts/${c.contact.id}/client-messages?limit=1`);
    expect(res.statusCode, res.body).toBe(200);
    expect(ClientMessageLogSchema.parse(res.json())).toMatchObject({ total: 2, items: [expect.objectContaining({ rule: 'visit_booked' })] });
  });

  it('the unsubscribe link (GET marks nothing; POST opts the address out; a forged one is 404)', async () => {
    const c = await client();
    await book(c.job.id, '2027-03-04T18:00:00Z', '2027-03-04T19:00:00Z');
    await drain();
    const [mail] = await outboxTo(c.email!);
    const token = /\/unsubscribe\/(\S+)/.exec(mail!.body)![1]!;
    const read = await api(null, 'GET', `/api/public/unsubscribe/${token}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(UnsubscribeStateSchema.parse(read.json())).toEqual({ company: 'Lopez Roofing', address: c.email, opted_out: false });
    const forged = await api(null, 'POST', `/api/public/unsubscribe/${token.slice(0, -2)}xx`);
    expect(forged.statusCode).toBe(404);
    expect(forged.json().error.message).toBe(UNSUBSCRIBE_LINK_INVALID);
    const done = await api(null, 'POST', `/api/public/unsubscribe/${token}`);
    expect(done.json()).toEqual({ company: 'Lopez Roofing', address: c.email, opted_out: true });
    expect(ContactOptOutSchema.parse((await api(alice, 'GET', `/api/contacts/${c.contact.id}/message-opt-out`)).json()).email).toMatchObject({ opted_out: true, source: 'email_link' });
    // The next email is not sent.
    await api(alice, 'POST', `/api/visits`, { job_id: c.job.id, starts_at: '2027-03-05T18:00:00Z', ends_at: '2027-03-05T19:00:00Z' });
    await drain();
    expect(await outboxTo(c.email!)).toHaveLength(1);
  });

  it('Twilio webhook: a bad signature is 403 and changes nothing; unknown senders are ignored; STOP opts out, START back in', async () => {
    const c = await client();
    await book(c.job.id, '2027-03-04T20:00:00Z', '2027-03-04T21:00:00Z');
    await drain();
    const stop = { From: c.sms, To: '+15125550000', Body: 'STOP', MessageSid: 'SM1' };
    const forged = await twilio(stop, twilioSignature('wrong-token', `${ctx.config.publicUrl}/api/public/sms/inbound`, Object.entries(stop)));
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.message).toBe(SMS_WEBHOOK_SIGNATURE_INVALID);
    // Signed for the Host header the request names, not the configured public URL: refused too.
    expect((await twilio(stop, twilioSignature(TWILIO_TOKEN, 'http://attacker.example/api/public/sms/inbound', Object.entries(stop)))).statusCode).toBe(403);
    expect(await ctx.db.select().from(clientMessageOptOuts).where(eq(clientMessageOptOuts.address, c.sms))).toEqual([]);

    const unknown = await twilio({ From: '+19995550123', To: '+15125550000', Body: 'STOP' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.headers['content-type']).toContain('text/xml');
    expect(await ctx.db.select().from(clientMessageOptOuts).where(eq(clientMessageOptOuts.address, '+19995550123'))).toEqual([]);

    expect((await twilio(stop)).statusCode).toBe(200);
    expect(ContactOptOutSchema.parse((await api(alice, 'GET', `/api/contacts/${c.contact.id}/message-opt-out`)).json()).sms).toMatchObject({ opted_out: true, source: 'sms_reply' });
    await book(c.job.id, '2027-03-05T20:00:00Z', '2027-03-05T21:00:00Z');
    await drain();
    expect(await outboxTo(c.sms)).toHaveLength(1);

    expect((await twilio({ ...stop, Body: 'start', MessageSid: 'SM2' })).statusCode).toBe(200);
    expect(ContactOptOutSchema.parse((await api(alice, 'GET', `/api/contacts/${c.contact.id}/message-opt-out`)).json()).sms.opted_out).toBe(false);
    await book(c.job.id, '2027-03-06T20:00:00Z', '2027-03-06T21:00:00Z');
    await drain();
    expect(await outboxTo(c.sms)).toHaveLength(2);
  });
});

describe('quote follow-ups and review requests (the scan)', { timeout: 120_000 }, () => {
  it('follow-ups go N days after sending while the quote is undecided, at most two, and stop once it is decided', async () => {
    expect((await saveRules((r) => (r.quote_follow_up = { ...r.quote_follow_up, enabled: true, first_after_days: 3, second_after_days: 7 }))).statusCode).toBe(200);
    const c = await client();
    const open = await ctx.db.insert(quotes).values({ workspaceId: alice.workspaceId!, jobId: c.job.id, familyId: crypto.randomUUID(), number: 'Q-1001', title: 'New roof', status: 'sent', expiresOn: '2027-04-30', expiresAt: new Date('2027-05-01T05:00:00Z'), firstSentAt: clock, sentAt: clock }).returning();
    const decided = await ctx.db.insert(quotes).values({ workspaceId: alice.workspaceId!, jobId: c.job.id, familyId: crypto.randomUUID(), number: 'Q-1002', title: 'Gutters', status: 'sent', expiresOn: '2027-04-30', expiresAt: new Date('2027-05-01T05:00:00Z'), firstSentAt: clock, sentAt: clock }).returning();
    await scan();
    await drain();
    expect((await outboxTo(c.sms)).filter((m) => m.body.includes('checking in'))).toEqual([]);
    await ctx.db.update(quotes).set({ status: 'approved', decidedAt: clock }).where(eq(quotes.id, decided[0]!.id));
    clock = new Date('2027-03-04T15:00:00Z'); // 3 days on, 09:00 CST
    await scan();
    await drain();
    let texts = (await outboxTo(c.sms)).map((m) => m.body).filter((t) => t.includes('checking in'));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('Q-1001 "New roof"');
    expect(texts[0]).toMatch(new RegExp(`${ctx.config.publicUrl}/q/${open[0]!.id}\\.`));
    // Decided before the second: it never goes.
    await ctx.db.update(quotes).set({ status: 'declined', decidedAt: clock }).where(eq(quotes.id, open[0]!.id));
    clock = new Date('2027-03-08T15:00:00Z');
    await scan();
    await drain();
    texts = (await outboxTo(c.sms)).map((m) => m.body).filter((t) => t.includes('checking in'));
    expect(texts).toHaveLength(1);
    const queued = await ctx.db.select().from(clientMessageQueue).where(like(clientMessageQueue.occurrence, `quote_follow_up:${open[0]!.id}:%`));
    expect(queued.map((q) => q.status).sort()).toEqual(['cancelled', 'done']);
  });

  it('a review request goes once per completed job, with the workspace’s review link', async () => {
    expect((await saveRules((r) => (r.review_request = { ...r.review_request, enabled: true, after_days: 0 }), 'https://g.page/r/lopez-roofing/review')).statusCode).toBe(200);
    const c = await client();
    await ctx.db.update(jobs).set({ status: 'completed', updatedAt: new Date(clock.getTime() + 1000) }).where(eq(jobs.id, c.job.id));
    clock = new Date(clock.getTime() + 60_000);
    await scan();
    await drain();
    await ctx.db.update(jobs).set({ title: c.job.title, updatedAt: new Date(clock.getTime() + 1000) }).where(eq(jobs.id, c.job.id));
    clock = new Date(clock.getTime() + 60_000);
    await scan();
    await drain();
    const texts = (await outboxTo(c.sms)).map((m) => m.body).filter((t) => t.includes('review'));
    expect(texts).toEqual([`Lopez Roofing: thank you for choosing us for ${c.job.title}! Would you leave us a review? https://g.page/r/lopez-roofing/review Reply STOP to opt out.`]);
    const sends = await ctx.db.select().from(clientMessageSends).where(eq(clientMessageSends.occurrence, `review_request:${c.job.id}`));
    expect(sends.map((s) => s.channel).sort()).toEqual(['email', 'sms']);
  });

  it('a job completed on its page arms its review request at once (no scan needed); reopened and completed again, or scanned again, it never goes twice', async () => {
    const c = await client();
    const status = async (s: 'completed' | 'active') => expect((await api(alice, 'PUT', `/api/jobs/${c.job.id}/status`, { status: s })).statusCode).toBe(200);
    const armed = () => ctx.db.select().from(clientMessageQueue).where(eq(clientMessageQueue.occurrence, `review_request:${c.job.id}`));
    const reviewTexts = async () => (await outboxTo(c.sms)).map((m) => m.body).filter((t) => t.includes('review'));
    // With the rule off, completing arms nothing.
    expect((await saveRules(() => {})).statusCode).toBe(200);
    await status('completed');
    expect(await armed()).toEqual([]);
    await status('active');
    expect((await saveRules((r) => (r.review_request = { ...r.review_request, enabled: true, after_days: 0 }), 'https://g.page/r/lopez-roofing/review')).statusCode).toBe(200);
    // The scan has run once since the save (as the runner does at once): the next would be SCAN_EVERY_MS later.
    await scan();
    await status('completed');
    expect((await armed()).map((q) => q.status)).toEqual(['pending']);
    await drain();
    expect(await reviewTexts()).toHaveLength(1);
    await status('active');
    await status('completed');
    await drain();
    await scan();
    await drain();
    expect(await reviewTexts()).toHaveLength(1);
    expect((await armed()).map((q) => q.status)).toEqual(['done']);
    const sends = await ctx.db.select().from(clientMessageSends).where(eq(clientMessageSends.occurrence, `review_request:${c.job.id}`));
    expect(sends.map((s) => s.channel).sort()).toEqual(['email', 'sms']);
  });

  it('a scan whose every try took its process down is given up when claimed, not tried hourly for ever; saving the settings starts it again', async () => {
    expect((await saveRules((r) => (r.quote_follow_up = { ...r.quote_follow_up, enabled: true }))).statusCode).toBe(200);
    // As the runner leaves a row whose process died mid-scan each time: every try counted at its claim.
    await ctx.db.update(clientMessageSettings).set({ scanAttempts: SCAN_MAX_ATTEMPTS }).where(eq(clientMessageSettings.workspaceId, alice.workspaceId!));
    await scan();
    const [row] = await ctx.db.select().from(clientMessageSettings).where(eq(clientMessageSettings.workspaceId, alice.workspaceId!));
    expect(row).toMatchObject({ scanning: false, scanError: `Follow-up scan stopped after ${SCAN_MAX_ATTEMPTS} attempts` });
    expect((await saveRules((r) => (r.quote_follow_up = { ...r.quote_follow_up, enabled: true }))).statusCode).toBe(200);
    const [again] = await ctx.db.select().from(clientMessageSettings).where(eq(clientMessageSettings.workspaceId, alice.workspaceId!));
    expect(again).toMatchObject({ scanning: true, scanAttempts: 0, scanError: null });
  });
});
