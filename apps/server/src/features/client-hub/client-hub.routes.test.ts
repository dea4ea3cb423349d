import {
  ClientHubViewSchema,
  ContactHubSchema,
  GeneratedDocumentSchema,
  HUB_CODE_EXHAUSTED,
  HUB_CODE_INVALID,
  HUB_LINK_EXPIRED,
  HUB_LINK_INVALID,
  HUB_LINK_REVOKED,
  InvoiceSchema,
  PublicQuoteSchema,
  QuoteSchema,
  type ClientHub,
} from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages, photoGalleries, visits, workspaces } from '../../db/schema';
import { HUB_LINKS, makeClientLink, QUOTE_LINKS } from '../../platform/client-links';
import { insertContact, insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';

/** An injectable clock: each test moves it (the 14-day re-confirmation, the code's minutes, the year's end). */
const START = new Date('2026-03-10T15:00:00Z');
let clock = START;
const DAY = 86_400_000;
const later = (ms: number) => (clock = new Date(clock.getTime() + ms));

let ctx: TestContext;
let alice: TestUser; // the contractor (owner of Ridge Line Roofing)
let eve: TestUser; // another workspace
let jobId: string;
let otherJobId: string;
let maria: string; // the client contact
let juan: string; // another client of the same workspace, on the same job
let evesClient: string;

const api = (user: TestUser | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { ...(user?.headers ?? {}), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);
const hubLinkIn = (text: string) => /All your work with [^:]+: (http:\/\/localhost:3000\/h\/\S+)/.exec(text)?.[1];
const view = (token: string, cookie?: string) => api(null, 'GET', `/api/public/hub/${token}`, undefined, cookie ? { cookie } : {});
const openHub = async (token: string, cookie?: string): Promise<ClientHub> => {
  const res = await view(token, cookie);
  expect(res.statusCode, res.body).toBe(200);
  const body = ClientHubViewSchema.parse(res.json());
  if (body.state !== 'open') throw new Error(`expected an open hub, got ${body.state}`);
  return body.hub;
};
const QUOTE = (title: string) => ({
  title,
  items: [{ name: 'Shingles', quantity: 10, unit: 'sq', unit_price_cents: 10_000 }],
  expires_on: new Date(clock.getTime() + 30 * DAY).toISOString().slice(0, 10),
});

async function sendQuote(user: TestUser, job: string, contact: string, title: string, methods: ('sms' | 'email')[] = ['sms', 'email']) {
  const quote = QuoteSchema.parse((await api(user, 'POST', `/api/jobs/${job}/quotes`, QUOTE(title))).json());
  const res = await api(user, 'POST', `/api/quotes/${quote.id}/send`, { contact_id: contact, methods });
  expect(res.statusCode, res.body).toBe(200);
  return quote;
}
async function sendInvoice(job: string, contact: string, title: string) {
  const created = await api(alice, 'POST', `/api/jobs/${job}/invoices`, { title, items: [{ name: 'Labour', quantity: 2, unit: 'h', unit_price_cents: 7_500, taxable: false }], payment_terms: 'net_15', notes: '' });
  expect(created.statusCode, created.body).toBe(201);
  const invoice = InvoiceSchema.parse(created.json());
  const res = await api(alice, 'POST', `/api/invoices/${invoice.id}/send`, { contact_id: contact, methods: ['sms'] });
  expect(res.statusCode, res.body).toBe(200);
  return invoice;
}
/** The hub line of the last SMS to `phone`. */
async function lastHubLink(phone: string): Promise<string> {
  const texts = (await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone))).filter((m) => m.channel === 'sms');
  const link = hubLinkIn(texts.at(-1)?.body ?? '');
  expect(link, texts.at(-1)?.body).toBeTruthy();
  return link!;
}
async function lastCode(phone: string): Promise<string> {
  const texts = (await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone))).filter((m) => /is your code/.test(m.body ?? ''));
  return /^(\d{6}) is your code/.exec(texts.at(-1)?.body ?? '')![1]!;
}

beforeAll(async () => {
  ctx = await createTestApp({}, { now: () => clock });
  alice = await createTestUser(ctx, { workspaceName: 'Ridge Line Roofing' });
  eve = await createTestUser(ctx, { workspaceName: 'Eve Builders' });
  await ctx.db.update(workspaces).set({ timeZone: 'America/Chicago' }).where(eq(workspaces.id, alice.workspaceId!));
  jobId = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Maria Garcia', title: 'Roof replacement' })).id;
  otherJobId = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Juan Ortiz', title: 'Gutters' })).id;
  maria = (await insertContact(ctx.db, { ownerId: alice.id, name: 'Maria Garcia', phoneNumber: '5125550199', email: 'maria@example.com' })).id;
  juan = (await insertContact(ctx.db, { ownerId: alice.id, name: 'Juan Ortiz', phoneNumber: '5125550100' })).id;
  evesClient = (await insertContact(ctx.db, { ownerId: eve.id, name: 'Maria Garcia', phoneNumber: '5125550199', email: 'maria@example.com' })).id;
});
afterAll(() => ctx.close());
beforeEach(() => {
  clock = START;
});

describe('the hub a message links', () => {
  let mariaLink: string;

  it("shows only that client's items of that workspace: her quote, invoice and the visits of her jobs — not another contact's, not another workspace's", async () => {
    const roof = await sendQuote(alice, jobId, maria, 'Roof replacement');
    const inv = await sendInvoice(jobId, maria, 'Roof deposit');
    // Another client of the same workspace, on the same job and on his own.
    const juansQuote = await sendQuote(alice, jobId, juan, 'Skylight for Juan', ['sms']);
    await sendQuote(alice, otherJobId, juan, 'Gutters for Juan', ['sms']);
    // Another workspace sends the same person (same phone) a quote of its own: a hub of its own.
    const evesJob = await insertJob(ctx.db, { workspaceId: eve.workspaceId!, title: 'Deck' });
    await sendQuote(eve, evesJob.id, evesClient, 'Eve deck');
    const evesLink = await lastHubLink('+15125550199');
    const [visit] = await ctx.db
      .insert(visits)
      .values({ workspaceId: alice.workspaceId!, jobId, startsAt: new Date('2026-03-12T14:00:00Z'), endsAt: new Date('2026-03-12T17:00:00Z'), localDate: '2026-03-12', endLocalDate: '2026-03-12', arrivalStart: '08:00', arrivalEnd: '10:00' })
      .returning();
    await ctx.db.insert(visits).values({ workspaceId: alice.workspaceId!, jobId: otherJobId, startsAt: new Date('2026-03-13T14:00:00Z'), endsAt: new Date('2026-03-13T15:00:00Z'), localDate: '2026-03-13', endLocalDate: '2026-03-13' });
    await ctx.db.insert(visits).values({ workspaceId: alice.workspaceId!, jobId, startsAt: new Date('2026-03-01T14:00:00Z'), endsAt: new Date('2026-03-01T15:00:00Z'), localDate: '2026-03-01', endLocalDate: '2026-03-01', status: 'completed' });

    // Photos shared on her job (a live gallery), and ones that are not hers to see: revoked, expired, Juan's job's.
    const photo = () => crypto.randomUUID();
    const gallery = (job: string, label: string, extra: Partial<typeof photoGalleries.$inferInsert> = {}) =>
      ctx.db.insert(photoGalleries).values({ workspaceId: alice.workspaceId!, jobId: job, label, photoIds: [photo(), photo()], expiresAt: new Date(clock.getTime() + 30 * DAY), ...extra });
    await gallery(jobId, 'Before and after');
    await gallery(jobId, 'Withdrawn set', { revokedAt: clock });
    await gallery(jobId, 'Old set', { expiresAt: new Date(clock.getTime() - 1000) });
    await gallery(otherJobId, 'Juan gutters');

    // The quote's and the invoice's messages carry the hub's line (the quote's SMS: its own text, then the line).
    const texts = (await ctx.db.select().from(outboxMessages)).filter((m) => m.recipient === '+15125550199' && m.channel === 'sms');
    expect(texts[0]!.body).toMatch(/^Ridge Line Roofing: your quote "Roof replacement" is ready\. .*\/q\/\S+\nAll your work with Ridge Line Roofing: http:\/\/localhost:3000\/h\/\S+$/);
    const mail = (await ctx.db.select().from(outboxMessages)).find((m) => m.recipient === 'maria@example.com' && m.subject?.includes('Roof replacement'));
    expect(mail!.body).toContain('All your work with Ridge Line Roofing: http://localhost:3000/h/');
    mariaLink = hubLinkIn(texts.find((t) => t.body!.includes('invoice'))!.body!)!;

    const hub = await openHub(tokenOf(mariaLink));
    expect(hub).toMatchObject({ company: 'Ridge Line Roofing', client_name: 'Maria Garcia', time_zone: 'America/Chicago', contractor: { email: alice.email } });
    expect(hub.quotes.map((q) => [q.number, q.title, q.status])).toEqual([[roof.number, 'Roof replacement', 'sent']]);
    expect(hub.quotes[0]!.link).toMatch(/^http:\/\/localhost:3000\/q\//);
    expect(hub.invoices.map((i) => [i.number, i.status, i.balance_cents])).toEqual([[inv.number, 'sent', 15_000]]);
    // Her jobs' visits (the other job is Juan's): the one to come with its arrival window, the completed one past.
    expect(hub.upcoming_visits.map((v) => [v.id, v.arrival_start, v.arrival_end, v.job_title])).toEqual([[visit!.id, '08:00', '10:00', 'Roof replacement']]);
    expect(hub.past_visits.map((v) => v.status)).toEqual(['completed']);
    expect(JSON.stringify(hub)).not.toContain('Juan');
    expect(hub.galleries.map((g) => [g.label, g.photo_count])).toEqual([['Before and after', 2]]);
    expect(hub.galleries[0]!.link).toMatch(/^http:\/\/localhost:3000\/g\//);
    expect(JSON.stringify(hub)).not.toContain('Skylight');
    expect(hub.quotes.map((q) => q.number)).not.toContain(juansQuote.number);
    expect(JSON.stringify(hub)).not.toContain('Eve deck');

    // Eve's hub for the same person shows Eve's quote only.
    const evesHub = await openHub(tokenOf(evesLink));
    expect(evesHub.company).toBe('Eve Builders');
    expect(evesHub.quotes.map((q) => q.title)).toEqual(['Eve deck']);
    expect(evesHub.invoices).toEqual([]);
    expect(evesHub.upcoming_visits).toEqual([]);
    expect(evesHub.galleries).toEqual([]);
  });

  it('refuses a link that is not a hub link, or whose signature does not hold (404, nothing shown)', async () => {
    const hubId = tokenOf(mariaLink).split('.')[0]!;
    // A quote's signature over the hub's id opens no hub; nor does a tampered one.
    const asQuote = tokenOf(makeClientLink(ctx.signer, 'x', QUOTE_LINKS, { id: hubId, expiresAt: new Date(clock.getTime() + DAY) }, clock));
    for (const token of [asQuote, `${tokenOf(mariaLink).slice(0, -2)}xx`, 'nonsense']) {
      const res = await view(token);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(HUB_LINK_INVALID);
    }
    // A genuine link to a hub that does not exist.
    const unknown = tokenOf(makeClientLink(ctx.signer, 'x', HUB_LINKS, { id: crypto.randomUUID(), expiresAt: new Date(clock.getTime() + DAY) }, clock));
    expect((await view(unknown)).statusCode).toBe(404);
  });

  it("the contact's page: another workspace's or another owner's contact id answers 404; the owner copies a working link", async () => {
    expect((await api(eve, 'GET', `/api/contacts/${maria}/hub`)).statusCode).toBe(404);
    expect((await api(eve, 'POST', `/api/contacts/${maria}/hub/revoke`)).statusCode).toBe(404);
    expect((await api(alice, 'GET', `/api/contacts/${evesClient}/hub`)).statusCode).toBe(404);
    expect((await api(null, 'GET', `/api/contacts/${maria}/hub`)).statusCode).toBe(401);
    const copied = ContactHubSchema.parse((await api(alice, 'GET', `/api/contacts/${maria}/hub`)).json());
    expect((await openHub(tokenOf(copied.link))).client_name).toBe('Maria Garcia');
  });
});

describe('links older than 14 days: a one-time code first', () => {
  it('opens fresh for 14 days; then asks for a code sent to her own phone, and a correct code gives this browser a session', async () => {
    const link = ContactHubSchema.parse((await api(alice, 'GET', `/api/contacts/${maria}/hub`)).json()).link;
    const token = tokenOf(link);
    later(14 * DAY - 60_000);
    await openHub(token);
    later(2 * 60_000);
    const res = await view(token);
    expect(res.statusCode).toBe(200);
    expect(ClientHubViewSchema.parse(res.json())).toEqual({
      state: 'confirm',
      company: 'Ridge Line Roofing',
      destinations: [
        { method: 'sms', hint: '•••• 0199' },
        { method: 'email', hint: 'm…@example.com' },
      ],
    });
    // Nothing of the client's work in that answer.
    expect(res.body).not.toContain('Roof replacement');
    expect(res.body).not.toContain('Maria');

    const sent = await api(null, 'POST', `/api/public/hub/${token}/code`, { method: 'sms' });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await lastCode('+15125550199');
    // Asked again within the minute: the same code, no second text.
    await api(null, 'POST', `/api/public/hub/${token}/code`, { method: 'sms' });
    expect((await ctx.db.select().from(outboxMessages)).filter((m) => /is your code/.test(m.body ?? '')).length).toBe(1);

    const wrong = await api(null, 'POST', `/api/public/hub/${token}/confirm`, { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(HUB_CODE_INVALID);
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const right = await api(null, 'POST', `/api/public/hub/${token}/confirm`, { code });
    expect(right.statusCode, right.body).toBe(200);
    const cookie = String(right.headers['set-cookie']);
    expect(cookie).toMatch(/^fb_hub_[0-9a-f]{32}=[^;]+; Path=\/api\/public\/hub; Max-Age=43200; HttpOnly; SameSite=Strict$/);
    const session = cookie.split(';')[0]!;
    expect((await openHub(token, session)).client_name).toBe('Maria Garcia');
    // Used: the same code opens nothing again; another browser (no cookie) still needs one.
    expect((await api(null, 'POST', `/api/public/hub/${token}/confirm`, { code })).statusCode).toBe(400);
    expect(ClientHubViewSchema.parse((await view(token)).json()).state).toBe('confirm');
    // The session is short: 12 hours later the code step comes back.
    later(12 * 3600_000 + 1000);
    expect(ClientHubViewSchema.parse((await view(token, session)).json()).state).toBe('confirm');
    // A year after it was sent the link opens nothing, code or not.
    later(366 * DAY);
    const old = await view(token);
    expect(old.statusCode).toBe(410);
    expect(old.json().error.message).toBe(HUB_LINK_EXPIRED);
  });

  it('bounds guesses: five wrong tries end a code; ten wrong codes an hour lock the hub whatever code they were for', async () => {
    const token = tokenOf(ContactHubSchema.parse((await api(alice, 'GET', `/api/contacts/${juan}/hub`)).json()).link);
    later(15 * DAY);
    const guess = (code: string) => api(null, 'POST', `/api/public/hub/${token}/confirm`, { code });
    expect((await api(null, 'POST', `/api/public/hub/${token}/code`, { method: 'email' })).statusCode).toBe(400); // Juan has no email
    expect((await api(null, 'POST', `/api/public/hub/${token}/code`, { method: 'sms' })).statusCode).toBe(200);
    const code = await lastCode('+15125550100');
    const wrongCode = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 4; i++) expect((await guess(wrongCode)).json().error.message).toBe(HUB_CODE_INVALID);
    expect((await guess(wrongCode)).json().error.message).toBe(HUB_CODE_EXHAUSTED);
    // Ended: the right code no longer works.
    expect((await guess(code)).statusCode).toBe(400);
    // A new code (after the resend wait): four more wrong ones reach the hub's ten an hour (the right code tried on the
    // ended one counted too)…
    later(61_000);
    await api(null, 'POST', `/api/public/hub/${token}/code`, { method: 'sms' });
    const second = await lastCode('+15125550100');
    for (let i = 0; i < 4; i++) expect((await guess(second === '999999' ? '999998' : '999999')).statusCode).toBe(400);
    // …and then even the right code is refused until the hour is over.
    const locked = await guess(second);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toMatch(/^Too many wrong codes for this page\. Try again in \d+ minutes?\.$/);
    later(3600_000);
    await api(null, 'POST', `/api/public/hub/${token}/code`, { method: 'sms' });
    expect((await guess(await lastCode('+15125550100'))).statusCode).toBe(200);
  });
});

describe('revoking', () => {
  it("turns off every link sent before, and the sessions they gave, with a page naming the company; a new link works", async () => {
    const token = tokenOf(ContactHubSchema.parse((await api(alice, 'GET', `/api/contacts/${maria}/hub`)).json()).link);
    later(20 * DAY);
    await api(null, 'POST', `/api/public/hub/${token}/code`, { method: 'sms' });
    const confirmed = await api(null, 'POST', `/api/public/hub/${token}/confirm`, { code: await lastCode('+15125550199') });
    const session = String(confirmed.headers['set-cookie']).split(';')[0]!;
    const fresh = tokenOf(ContactHubSchema.parse((await api(alice, 'GET', `/api/contacts/${maria}/hub`)).json()).link);
    await openHub(fresh);
    later(1000);

    const revoked = await api(alice, 'POST', `/api/contacts/${maria}/hub/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(ContactHubSchema.parse(revoked.json()).links_valid_after).toBe(new Date(Math.floor(clock.getTime() / 1000) * 1000 + 1000).toISOString());
    // Copy link in the same second as Revoke: a working link (dated from the revocation).
    await openHub(tokenOf(ContactHubSchema.parse((await api(alice, 'GET', `/api/contacts/${maria}/hub`)).json()).link));
    for (const [t, cookie] of [[fresh, undefined], [token, session]] as const) {
      const res = await view(t, cookie);
      expect(res.statusCode).toBe(410);
      expect(res.json().error.message).toBe(HUB_LINK_REVOKED('Ridge Line Roofing'));
    }
    // Nor can a code be asked for through a revoked link.
    expect((await api(null, 'POST', `/api/public/hub/${token}/code`, { method: 'sms' })).statusCode).toBe(410);
    // The next message (or Copy link) brings a working one.
    later(1000);
    await sendQuote(alice, jobId, maria, 'Attic insulation');
    const hub = await openHub(tokenOf(await lastHubLink('+15125550199')));
    expect(hub.quotes.map((q) => q.title)).toContain('Attic insulation');
  });
});

describe('documents sent to the client', () => {
  /** Its own address: this file's other tests spend 127.0.0.1's per-address allowance in the same clock window. */
  const fromClient = (url: string) => ctx.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.36' });
  const hubOf = async (contact: string): Promise<ClientHub> => {
    const token = tokenOf(ContactHubSchema.parse((await api(alice, 'GET', `/api/contacts/${contact}/hub`)).json()).link);
    const res = await fromClient(`/api/public/hub/${token}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = ClientHubViewSchema.parse(res.json());
    if (body.state !== 'open') throw new Error('expected an open hub');
    return body.hub;
  };
  const generate = async (user: TestUser, job: string, type: string, body: object) => {
    const res = await api(user, 'POST', `/api/jobs/${job}/generate-document?doc_type=${type}`, body);
    expect(res.statusCode, res.body).toBe(201);
    return GeneratedDocumentSchema.parse(res.json()).document;
  };

  it("the quote page the hub opens gives the workspace's zone (its dates read on the workspace's clock, as the hub's)", async () => {
    const ada = (await insertContact(ctx.db, { ownerId: alice.id, name: 'Ada Stone', phoneNumber: '5125550179' })).id;
    await sendQuote(alice, jobId, ada, 'Chimney flashing', ['sms']);
    const quote = (await hubOf(ada)).quotes[0]!;
    const page = await fromClient(`/api/public/quotes/${tokenOf(quote.link)}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(PublicQuoteSchema.parse(page.json())).toMatchObject({ title: 'Chimney flashing', time_zone: 'America/Chicago' });
  });

  it("shows the documents sent to her (by text or email) with their download link, while it lives — not another contact's, not another workspace's, not a deleted one", async () => {
    const rosa = (await insertContact(ctx.db, { ownerId: alice.id, name: 'Rosa Diaz', phoneNumber: '5125550177', email: 'rosa@example.com' })).id;
    const leo = (await insertContact(ctx.db, { ownerId: alice.id, name: 'Leo Park', phoneNumber: '5125550178' })).id;
    const evesRosa = (await insertContact(ctx.db, { ownerId: eve.id, name: 'Rosa Diaz', phoneNumber: '5125550177', email: 'rosa@example.com' })).id;
    // Made and texted to Rosa in one step; another made without sending, then emailed to her; one texted to Leo on the
    // same job; and Eve's workspace texts the same person one of its own.
    const estimate = await generate(alice, jobId, 'estimate', { line_items: [{ description: 'Shingles', quantity: 2, unit_price: 100 }], recipients: [rosa], send_method: 'sms' });
    later(60_000);
    const contract = await generate(alice, jobId, 'contract', {});
    expect((await api(alice, 'POST', `/api/documents/${contract.id}/send`, { recipients: [rosa], send_method: 'email' })).statusCode).toBe(200);
    await generate(alice, jobId, 'permit', { recipients: [leo], send_method: 'sms' });
    const evesJob = await insertJob(ctx.db, { workspaceId: eve.workspaceId!, title: 'Eve deck' });
    await generate(eve, evesJob.id, 'invoice', { line_items: [{ description: 'Deck boards', quantity: 1, unit_price: 500 }], recipients: [evesRosa], send_method: 'sms' });

    const hub = await hubOf(rosa);
    expect(hub.documents.map((d) => [d.name, d.label])).toEqual([
      [contract.name, 'Contract'],
      [estimate.name, 'Estimate'],
    ]);
    // The estimate's link is the one its text carried, and it downloads without signing in.
    const text = (await ctx.db.select().from(outboxMessages)).find((m) => m.recipient === '+15125550177' && m.body?.includes('estimate'))!;
    expect(text.body).toContain(hub.documents[1]!.link);
    expect(hub.documents[1]!.link_expires_at).toBe(new Date(START.getTime() + 7 * DAY).toISOString());
    for (const d of hub.documents) {
      const file = await fromClient(new URL(d.link).pathname);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
    }
    expect(JSON.stringify(hub)).not.toMatch(/Permit|Invoice/);
    expect((await hubOf(leo)).documents.map((d) => d.label)).toEqual(['Permit']);

    // Deleted: gone from the hub (and its link opens nothing). Past the link's 7 days: gone; a send again brings it back.
    expect((await api(alice, 'DELETE', `/api/documents/${contract.id}`)).statusCode).toBe(200);
    expect((await hubOf(rosa)).documents.map((d) => d.label)).toEqual(['Estimate']);
    later(7 * DAY);
    expect((await hubOf(rosa)).documents).toEqual([]);
    expect((await fromClient(new URL(hub.documents[1]!.link).pathname)).statusCode).toBe(410);
    expect((await api(alice, 'POST', `/api/documents/${estimate.id}/send`, { recipients: [rosa], send_method: 'sms' })).statusCode).toBe(200);
    expect((await hubOf(rosa)).documents.map((d) => d.label)).toEqual(['Estimate']);
  });
});

describe('rate limits (as on the quote link)', () => {
  let limited: TestContext;
  afterAll(() => limited?.close());

  // A second app of its own (its limits set low): slow to start on a busy machine.
  it('counts a genuine link per hub (QUOTE_LINK_RATE_LIMIT per 15 minutes), not forged ones; every request per address', { timeout: 120_000 }, async () => {
    limited = await createTestApp({ QUOTE_LINK_RATE_LIMIT: '3', AUTH_RATE_LIMIT: '12' });
    const owner = await createTestUser(limited, { workspaceName: 'Limited Roofing' });
    const contact = (await insertContact(limited.db, { ownerId: owner.id, name: 'Ann', phoneNumber: '5125550111' })).id;
    const link = (await limited.app.inject({ method: 'GET', url: `/api/contacts/${contact}/hub`, headers: owner.headers })).json().link as string;
    const token = tokenOf(link);
    const get = (t: string) => limited.app.inject({ method: 'GET', url: `/api/public/hub/${t}` });
    // Forged links naming the same hub spend nothing of its allowance.
    const forged = `${token.slice(0, -2)}xx`;
    for (let i = 0; i < 5; i++) expect((await get(forged)).statusCode).toBe(404);
    for (let i = 0; i < 3; i++) expect((await get(token)).statusCode).toBe(200);
    const refused = await get(token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Too many requests for this hub link\. Try again in/);
    // Every request counted per address (AUTH_RATE_LIMIT a minute over every client link): 9 so far, 3 more, then none.
    for (let i = 0; i < 3; i++) expect((await get(`nonsense-${i}`)).statusCode).toBe(404);
    expect((await get('nonsense')).statusCode).toBe(429);
  });
});
