import {
  INVOICE_LINK_EXPIRED,
  INVOICE_LINK_INVALID,
  InvoiceReminderSettingsSchema,
  InvoiceSchema,
  PublicInvoiceSchema,
  REMINDER_SETTINGS_ADMIN_ONLY,
  SentInvoiceSchema,
  type InvoiceBody,
} from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { documents, invoices, invoiceSends, notifications, outboxMessages, workspaces } from '../../db/schema';
import { INVOICE_LINKS, makeClientLink, QUOTE_LINKS } from '../../platform/client-links';
import { insertContact, insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';

// A fixed clock: 2026-03-10 03:00 UTC is still March 9 in Chicago.
const clock = new Date('2026-03-10T03:00:00Z');
let ctx: TestContext;
let alice: TestUser; // the workspace's owner (admin)
let bob: TestUser; // a plain member
let eve: TestUser; // another workspace
let jobId: string;
let maria: string; // a contact with a phone and an email
let noEmail: string; // a contact with a phone only

const BODY: InvoiceBody = {
  title: 'Deck repair',
  items: [
    { name: 'Boards', quantity: 10, unit: 'ea', unit_price_cents: 2_500, taxable: false },
    { name: 'Labour', quantity: 4, unit: 'h', unit_price_cents: 7_500, taxable: false },
  ],
  payment_terms: 'net_15',
  notes: 'Thank you.',
};

const api = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);
const draft = async () => {
  const res = await api(alice, 'POST', `/api/jobs/${jobId}/invoices`, BODY);
  expect(res.statusCode, res.body).toBe(201);
  return InvoiceSchema.parse(res.json());
};
const send = async (id: string, methods: ('sms' | 'email')[] = ['sms', 'email'], user = alice, contact = maria) => {
  const res = await api(user, 'POST', `/api/invoices/${id}/send`, { contact_id: contact, methods });
  expect(res.statusCode, res.body).toBe(200);
  return SentInvoiceSchema.parse(res.json());
};
const view = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/public/invoices/${token}` });
const viewed = (token: string) => ctx.app.inject({ method: 'POST', url: `/api/public/invoices/${token}/viewed` });
async function blobBytes(key: string): Promise<Buffer> {
  const blob = await ctx.blobs.get(key);
  const parts: Buffer[] = [];
  for await (const chunk of blob!.body) parts.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}
async function pdfText(bytes: Buffer): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  return (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;
}

beforeAll(async () => {
  ctx = await createTestApp({}, { now: () => clock });
  alice = await createTestUser(ctx, { workspaceName: 'Łukasz Decks' });
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId });
  eve = await createTestUser(ctx);
  await ctx.db.update(workspaces).set({ timeZone: 'America/Chicago' }).where(eq(workspaces.id, alice.workspaceId!));
  jobId = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Maria Garcia', propertyAddress: '12 Oak Street', title: 'Deck' })).id;
  maria = (await insertContact(ctx.db, { ownerId: alice.id, name: 'Maria Garcia', phoneNumber: '5125550199', email: 'maria@example.com' })).id;
  noEmail = (await insertContact(ctx.db, { ownerId: alice.id, name: 'Sam Lee', phoneNumber: '5125550123' })).id;
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.delete(outboxMessages);
});

describe('sending an invoice', () => {
  it('a draft sent by text and email: sent, due from today in the workspace’s zone, the PDF attached, the link texted, every message recorded', async () => {
    const invoice = await draft();
    const sent = await send(invoice.id);
    // Still March 9 in Chicago: issued that day, due 15 days later.
    expect(sent.invoice).toMatchObject({ status: 'sent', issued_on: '2026-03-09', due_on: '2026-03-24', sent_at: clock.toISOString() });
    expect(sent.sent_to).toEqual([
      { method: 'sms', address: '+15125550199' },
      { method: 'email', address: 'maria@example.com' },
    ]);
    expect(sent.link).toMatch(/^http:\/\/localhost:3000\/i\/[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/);
    // One row per message (written together: their order among themselves is not kept).
    expect(sent.invoice.sends.map((s) => [s.kind, s.method, s.address, s.sent_by?.id]).sort()).toEqual([
      ['send', 'email', 'maria@example.com', alice.id],
      ['send', 'sms', '+15125550199', alice.id],
    ]);

    const messages = await ctx.db.select().from(outboxMessages);
    const sms = messages.find((m) => m.channel === 'sms')!;
    expect(sms.recipient).toBe('+15125550199');
    // The invoice's own text, then the client hub's line (issue 36).
    const [smsText, hubLine] = sms.body.split('\n');
    expect(smsText).toBe(`Łukasz Decks: invoice ${invoice.number} for $550.00 is due 2026-03-24. View it and download the PDF: ${sent.link}`);
    expect(hubLine).toMatch(/^All your work with Łukasz Decks: http:\/\/localhost:3000\/h\/[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/);
    const mail = messages.find((m) => m.channel === 'email')!;
    expect(mail.subject).toBe(`Invoice ${invoice.number} from Łukasz Decks: Deck repair`);
    expect(mail.body).toContain('Balance due: $550.00 by 2026-03-24');
    expect(mail.body).toContain(sent.link);
    // The attachment is the invoice as sent, kept as a document on the job.
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments;
    const text = await pdfText(await blobBytes(attachment!.blob_key));
    expect(text).toContain(invoice.number);
    expect(text).toContain('Łukasz Decks');
    expect(text).toContain('2026-03-24');
    const [doc] = await ctx.db.select().from(documents).where(eq(documents.id, attachment!.blob_key.split('/').pop()!));
    expect(doc).toMatchObject({ jobId, name: `Invoice ${invoice.number}.pdf`, status: 'created' });
  });

  it('sent again: allowed, nothing about the invoice changes but the record of sends; by text only, no PDF is made', async () => {
    const first = await send((await draft()).id);
    await ctx.db.delete(outboxMessages);
    const again = await send(first.invoice.id, ['sms']);
    expect(again.invoice).toMatchObject({ status: 'sent', issued_on: first.invoice.issued_on, due_on: first.invoice.due_on, sent_at: first.invoice.sent_at });
    expect(again.invoice.sends).toHaveLength(3);
    expect(again.invoice.sends[2]).toMatchObject({ kind: 'send', method: 'sms' });
    const messages = await ctx.db.select().from(outboxMessages);
    expect(messages.map((m) => m.channel)).toEqual(['sms']);
  });

  it('refusals write nothing: a contact without email, a void invoice, another workspace’s invoice, no session', async () => {
    const invoice = await draft();
    const noAddress = await api(alice, 'POST', `/api/invoices/${invoice.id}/send`, { contact_id: noEmail, methods: ['email'] });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json()).toMatchObject({ error: { details: [{ field: 'contact_id', message: 'This contact has no email address' }] } });
    expect((await api(alice, 'GET', `/api/invoices/${invoice.id}`)).json()).toMatchObject({ status: 'draft', sends: [] });
    expect(await ctx.db.select().from(outboxMessages)).toEqual([]);

    expect((await api(eve, 'POST', `/api/invoices/${invoice.id}/send`, { contact_id: maria, methods: ['sms'] })).statusCode).toBe(404);
    expect((await api(null, 'POST', `/api/invoices/${invoice.id}/send`, { contact_id: maria, methods: ['sms'] })).statusCode).toBe(401);
    expect((await api(alice, 'POST', `/api/invoices/${invoice.id}/send`, { contact_id: maria, methods: [] })).statusCode).toBe(400);

    const sent = await send(invoice.id, ['sms']);
    expect((await api(alice, 'POST', `/api/invoices/${invoice.id}/void`, { reason: 'Wrong job' })).statusCode).toBe(200);
    const voided = await api(alice, 'POST', `/api/invoices/${invoice.id}/send`, { contact_id: maria, methods: ['sms'] });
    expect(voided.statusCode).toBe(409);
    expect(voided.json()).toMatchObject({ error: { message: 'An invoice that is void cannot be sent' } });
    expect((await ctx.db.select().from(invoiceSends).where(eq(invoiceSends.invoiceId, invoice.id))).length).toBe(sent.invoice.sends.length);
  });

  it('a plain member sends too, to a contact they can see; the record names them', async () => {
    const bobs = (await insertContact(ctx.db, { ownerId: bob.id, name: 'Maria Garcia', phoneNumber: '5125550199' })).id;
    const sent = await send((await draft()).id, ['sms'], bob, bobs);
    expect(sent.invoice.sends[0]?.sent_by?.id).toBe(bob.id);
  });
});

describe('the client’s page by the signed link', () => {
  it('shows the contractor, lines, totals, payments so far, balance and due day; the GET marks nothing; the view POST marks viewed once and tells the author once', async () => {
    const sent = await send((await draft()).id);
    const pay = await api(bob, 'POST', `/api/invoices/${sent.invoice.id}/payments`, { method: 'check', check_number: '1042', amount_cents: 20_000, received_on: '2026-03-09' });
    expect(pay.statusCode, pay.body).toBe(201);
    const token = tokenOf(sent.link);
    const page = await view(token);
    expect(page.statusCode, page.body).toBe(200);
    expect(PublicInvoiceSchema.parse(page.json())).toMatchObject({
      number: sent.invoice.number,
      company: 'Łukasz Decks',
      status: 'partially_paid',
      job: { client_name: 'Maria Garcia', property_address: '12 Oak Street' },
      totals: { total_cents: 55_000, paid_cents: 20_000, balance_cents: 35_000 },
      payments: [{ kind: 'payment', method: 'check', amount_cents: 20_000, received_on: '2026-03-09' }],
      due_on: '2026-03-24',
      time_zone: 'America/Chicago',
      voided_at: null,
      replaced_by: null,
    });
    expect(page.json().items.map((i: { name: string }) => i.name)).toEqual(['Boards', 'Labour']);
    // No internal ids of the workspace or the job.
    expect(page.body).not.toContain(alice.workspaceId!);
    expect(page.body).not.toContain(jobId);
    // A preview fetch is not a view.
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, sent.invoice.id));
    expect(row).toMatchObject({ status: 'sent', viewedAt: null });

    const told = () => ctx.db.select().from(notifications).where(eq(notifications.link, `/jobs/${jobId}?invoice=${sent.invoice.id}`));
    expect(await told()).toEqual([]);
    const first = await viewed(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: 'partially_paid' });
    const [after] = await ctx.db.select().from(invoices).where(eq(invoices.id, sent.invoice.id));
    expect(after).toMatchObject({ status: 'viewed', viewedAt: clock });
    const bell = await told();
    expect(bell.map((n) => [n.userId, n.kind, n.title])).toEqual([[alice.id, 'invoice_viewed', `Invoice ${sent.invoice.number} viewed by Maria Garcia`]]);
    expect(bell[0]!.body).toBe('Deck repair · balance due $350.00 by 2026-03-24');
    // Again: no change, no second notification.
    expect((await viewed(token)).json()).toEqual({ status: 'partially_paid' });
    expect(await told()).toHaveLength(1);
    expect((await api(alice, 'GET', `/api/invoices/${sent.invoice.id}`)).json()).toMatchObject({ viewed_at: clock.toISOString() });
  });

  it('downloads the PDF by the link', async () => {
    const sent = await send((await draft()).id, ['sms']);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/public/invoices/${tokenOf(sent.link)}/pdf` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(await pdfText(res.rawPayload)).toContain(sent.invoice.number);
  });

  it('a voided invoice’s link shows that it was voided and nothing it billed; it leads to the reissued one once that was sent', async () => {
    const sent = await send((await draft()).id, ['sms']);
    const token = tokenOf(sent.link);
    const voided = await api(alice, 'POST', `/api/invoices/${sent.invoice.id}/void`, { reason: 'Wrong price', reissue: true });
    expect(voided.statusCode, voided.body).toBe(200);
    const reissued = voided.json().reissued as { id: string; number: string };
    let page = PublicInvoiceSchema.parse((await view(token)).json());
    expect(page).toMatchObject({ status: 'void', items: [], payments: [], notes: '', replaced_by: null });
    expect(page.voided_at).toBe(clock.toISOString());
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/invoices/${token}/pdf` })).statusCode).toBe(410);
    // The view POST changes nothing on a void invoice.
    expect((await viewed(token)).json()).toEqual({ status: 'void' });

    const second = await send(reissued.id, ['sms']);
    page = PublicInvoiceSchema.parse((await view(token)).json());
    expect(page.replaced_by?.number).toBe(reissued.number);
    const next = PublicInvoiceSchema.parse((await view(tokenOf(page.replaced_by!.link))).json());
    expect(next).toMatchObject({ number: second.invoice.number, status: 'sent' });
  });

  it('tampered, another kind’s, a draft’s and expired links: 404, 404, 404, 410', async () => {
    const sent = await send((await draft()).id, ['sms']);
    const token = tokenOf(sent.link);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await view(tampered)).json()).toMatchObject({ error: { message: INVOICE_LINK_INVALID } });
    expect((await view(tampered)).statusCode).toBe(404);
    // A quote's key does not open an invoice, even for the invoice's own id.
    expect((await view(tokenOf(makeClientLink(ctx.signer, 'x', QUOTE_LINKS, { id: sent.invoice.id, expiresAt: new Date('2027-01-01') }, clock)))).statusCode).toBe(404);
    const other = await draft();
    expect((await view(tokenOf(makeClientLink(ctx.signer, 'x', INVOICE_LINKS, { id: other.id, expiresAt: new Date('2027-01-01') }, clock)))).statusCode).toBe(404);
    const old = tokenOf(makeClientLink(ctx.signer, 'x', INVOICE_LINKS, { id: sent.invoice.id, expiresAt: new Date('2020-01-02') }, new Date('2019-12-30')));
    const gone = await view(old);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ error: { message: INVOICE_LINK_EXPIRED } });
  });

  it('Copy Client Link: a fresh link for a sent invoice; a draft has none', async () => {
    const invoice = await draft();
    expect((await api(alice, 'GET', `/api/invoices/${invoice.id}/client-link`)).statusCode).toBe(409);
    await send(invoice.id, ['sms']);
    const res = await api(bob, 'GET', `/api/invoices/${invoice.id}/client-link`);
    expect(res.statusCode).toBe(200);
    expect((await view(tokenOf(res.json().link))).statusCode).toBe(200);
    expect((await api(eve, 'GET', `/api/invoices/${invoice.id}/client-link`)).statusCode).toBe(404);
  });
});

describe('reminder settings', () => {
  it('defaults off (3 and 10 days); only an admin changes them; the contract’s rules refuse a second before the first', async () => {
    expect((await api(bob, 'GET', '/api/invoice-reminder-settings')).json()).toEqual({ enabled: false, first_after_days: 3, second_after_days: 10 });
    const settings = { enabled: true, first_after_days: 2, second_after_days: 7 };
    const refused = await api(bob, 'PUT', '/api/invoice-reminder-settings', settings);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { message: REMINDER_SETTINGS_ADMIN_ONLY } });
    const bad = await api(alice, 'PUT', '/api/invoice-reminder-settings', { enabled: true, first_after_days: 5, second_after_days: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('The second reminder must come after the first');
    const saved = await api(alice, 'PUT', '/api/invoice-reminder-settings', settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(InvoiceReminderSettingsSchema.parse(saved.json())).toEqual(settings);
    expect((await api(bob, 'GET', '/api/invoice-reminder-settings')).json()).toEqual(settings);
    expect((await api(eve, 'GET', '/api/invoice-reminder-settings')).json()).toEqual({ enabled: false, first_after_days: 3, second_after_days: 10 });
    expect((await api(null, 'GET', '/api/invoice-reminder-settings')).statusCode).toBe(401);
  });
});

describe('rate limits on the invoice link', () => {
  let rl: TestContext;
  beforeAll(async () => {
    rl = await createTestApp({ QUOTE_LINK_RATE_LIMIT: '3' }, { now: () => clock });
  });
  afterAll(() => rl.close());

  it('per invoice, genuine links only, from any address: the fourth use is 429 in plain words; forged links spend nothing', async () => {
    const owner = await createTestUser(rl);
    const job = (await insertJob(rl.db, { workspaceId: owner.workspaceId! })).id;
    const created = await rl.app.inject({ method: 'POST', url: `/api/jobs/${job}/invoices`, headers: owner.headers, payload: BODY });
    const id = created.json().id as string;
    expect((await rl.app.inject({ method: 'POST', url: `/api/invoices/${id}/mark-sent`, headers: owner.headers })).statusCode).toBe(200);
    const token = tokenOf(makeClientLink(rl.signer, 'x', INVOICE_LINKS, { id, expiresAt: new Date('2027-01-01') }, clock));
    const forged = `${id}.1999999999.${'A'.repeat(43)}`;
    const from = (ip: string, url: string) => rl.app.inject({ method: 'GET', url, remoteAddress: ip });
    for (let i = 0; i < 5; i++) expect((await from(`198.51.100.${i}`, `/api/public/invoices/${forged}`)).statusCode).toBe(404);
    for (let i = 0; i < 3; i++) expect((await from(`198.51.100.${10 + i}`, `/api/public/invoices/${token}`)).statusCode).toBe(200);
    const limited = await from('198.51.100.20', `/api/public/invoices/${token}/pdf`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/^Too many requests for this invoice link\. Try again in \d+ (seconds?|minutes?)\.$/);
  });
});
