import {
  formatCents,
  MAX_SIGNATURE_CHARS,
  MAX_SIGNATURE_HEIGHT,
  MAX_SIGNATURE_WIDTH,
  NotificationListSchema,
  PublicQuoteSchema,
  QUOTE_ALREADY_APPROVED,
  QUOTE_LINK_EXPIRED,
  QUOTE_LINK_INVALID,
  QUOTE_SIGNED_PDF_NOT_READY,
  QUOTE_SIGNATURE_BLANK,
  QUOTE_SIGNATURE_TOO_LARGE,
  QUOTE_SIGNATURE_UNREADABLE,
  QUOTE_DRAFT_REVISION_EXISTS,
  QUOTE_ONLY_DRAFT_DISCARDED,
  QUOTE_REVISION_SOURCE_APPROVED,
  QUOTE_SUPERSEDED,
  QUOTE_WITHDRAWN,
  DiscardedQuoteSchema,
  QuoteListSchema,
  QuoteSchema,
  SentQuoteSchema,
  type QuoteBody,
} from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, outboxMessages, quoteApprovals, quoteItems, quotes } from '../../db/schema';
import { insertContact, insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { absurdSizePng, blankSignaturePng, corruptDeflatePng, dataUrl, signaturePng } from './quotes.test-helpers';
import { quoteLink } from './quote-link';

let ctx: TestContext;
let alice: TestUser; // owner of the job's workspace
let bob: TestUser; // another member of alice's workspace
let carol: TestUser; // an admin in alice's workspace
let eve: TestUser; // another workspace
let nomad: TestUser; // signed in, in no workspace
let jobId: string;
let maria: string; // the client contact

const SIGNATURE = signaturePng();

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const BODY: QuoteBody = {
  title: 'Roof replacement',
  options: [{ name: 'Good' }, { name: 'Better' }, { name: 'Best' }],
  items: [
    { section: 'Preparation', name: 'Tear-off and disposal', quantity: 24, unit: 'sq', unit_price_cents: 4500, taxable: false },
    { section: 'Roofing', name: '3-tab shingles', quantity: 24, unit: 'sq', unit_price_cents: 9500, option: 0 },
    { section: 'Roofing', name: 'Architectural shingles', quantity: 24, unit: 'sq', unit_price_cents: 12500, option: 1 },
    { section: 'Roofing', name: 'Designer shingles', quantity: 24, unit: 'sq', unit_price_cents: 18000, option: 2 },
    { section: 'Extras', name: 'Seamless gutters', quantity: 120.5, unit: 'ft', unit_price_cents: 899, optional: true },
    { section: 'Extras', name: 'Ridge vent upgrade', quantity: 1, unit: 'ea', unit_price_cents: 65000, optional: true, option: 2 },
  ],
  discount: { type: 'percent', percent: 5 },
  tax_rate_percent: 8.25,
  deposit: { type: 'percent', percent: 30 },
  expires_on: inDays(14),
  notes: 'Work can start within two weeks of approval.',
  terms: 'Balance due on completion.',
};

const api = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const create = async (body: QuoteBody = BODY) => QuoteSchema.parse((await api(alice, 'POST', `/api/jobs/${jobId}/quotes`, body)).json());
const send = async (id: string) => {
  const res = await api(alice, 'POST', `/api/quotes/${id}/send`, { contact_id: maria, methods: ['sms', 'email'] });
  expect(res.statusCode, res.body).toBe(200);
  return SentQuoteSchema.parse(res.json());
};
const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);
const view = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/public/quotes/${token}` });
/** The in-app notifications of a quote (their link opens it on its job). */
const notificationsOf = (quoteId: string) => ctx.db.select().from(notifications).where(eq(notifications.link, `/jobs/${jobId}?quote=${quoteId}`));
const approve = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/public/quotes/${token}/approve`, payload: body, headers: { 'user-agent': 'Mozilla/5.0 (iPhone) TestPhone', ...headers } });

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createTestUser(ctx, { workspaceName: 'Ridge Line Roofing' });
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId });
  carol = await createTestUser(ctx, { workspaceId: alice.workspaceId, role: 'admin' });
  eve = await createTestUser(ctx);
  nomad = await createTestUser(ctx, { workspaceId: null });
  jobId = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Maria Garcia', propertyAddress: '12 Oak Street, Austin TX', title: 'Roof replacement' })).id;
  maria = (await insertContact(ctx.db, { ownerId: alice.id, name: 'Maria Garcia', phoneNumber: '5125550199', email: 'maria@example.com' })).id;
});
afterAll(() => ctx.close());

describe('contractor endpoints', () => {
  it('creates a draft with the server’s totals per option, edits it, lists it on the job', async () => {
    const quote = await create();
    expect(quote).toMatchObject({ status: 'draft', revision: 1, job_id: jobId, title: 'Roof replacement' });
    expect(quote.items.map((i) => i.line_total_cents)).toEqual([108_000, 228_000, 300_000, 432_000, 108_330, 65_000]);
    // Better: 1080 + 3000 = 4080.00; −5 % = 204.00; taxable 3000 − its share 150.00 = 2850.00; tax 8.25 % = 235.13.
    expect(quote.options[1]!.totals).toEqual({ subtotal_cents: 408_000, discount_cents: 20_400, taxable_cents: 285_000, tax_cents: 23_513, total_cents: 411_113, deposit_cents: 123_334, balance_cents: 287_779 });
    expect(quote.totals).toEqual(quote.options[0]!.totals);

    const edited = await api(bob, 'PUT', `/api/quotes/${quote.id}`, { ...BODY, title: 'Roof replacement (revised scope)', items: quote.items.slice(0, 3).map((i) => ({ ...i })) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(QuoteSchema.parse(edited.json()).items.map((i) => i.id)).toEqual(quote.items.slice(0, 3).map((i) => i.id));

    const list = QuoteListSchema.parse((await api(bob, 'GET', `/api/jobs/${jobId}/quotes`)).json());
    expect(list.quotes.map((q) => q.id)).toContain(quote.id);
  });

  it('numbers quotes Q-1001, Q-1002, … per workspace; a revision keeps its number; numbers made before stay as they were', async () => {
    const first = await create();
    const second = await create();
    expect(first.number).toMatch(/^Q-\d{4,}$/);
    expect(Number(second.number.slice(2))).toBe(Number(first.number.slice(2)) + 1);
    // Another workspace counts from its own start.
    const evesJob = await insertJob(ctx.db, { workspaceId: eve.workspaceId!, title: 'Deck' });
    const evesFirst = QuoteSchema.parse((await api(eve, 'POST', `/api/jobs/${evesJob.id}/quotes`, { ...BODY, options: [], items: [{ name: 'Deck boards', quantity: 10, unit: 'ea', unit_price_cents: 1200 }] })).json());
    expect(evesFirst.number).toBe('Q-1001');
    // A quote numbered before the sequence keeps its number; the sequence goes on after the last one it gave.
    await ctx.db.update(quotes).set({ number: 'Q-20261126-3F2A', sequence: null }).where(eq(quotes.id, second.id));
    expect(QuoteSchema.parse((await api(alice, 'GET', `/api/quotes/${second.id}`)).json()).number).toBe('Q-20261126-3F2A');
    const third = await create();
    expect(third.number).toBe(`Q-${Number(first.number.slice(2)) + 1}`);
    // Made at once, every quote gets its own number.
    const many = await Promise.all(Array.from({ length: 4 }, () => create()));
    expect(new Set([...many, third, first].map((q) => q.number)).size).toBe(6);
  });

  it('refuses bad money with field messages and writes nothing', async () => {
    const before = (await ctx.db.select().from(quotes)).length;
    const res = await api(alice, 'POST', `/api/jobs/${jobId}/quotes`, { ...BODY, items: [{ name: 'x', quantity: 1, unit_price_cents: 10.5 }] });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Amounts are whole cents');
    const orphan = await api(alice, 'POST', `/api/jobs/${jobId}/quotes`, { ...BODY, options: [], items: [{ name: 'x', quantity: 1, unit_price_cents: 10, option: 1 }] });
    expect(orphan.statusCode).toBe(400);
    // Above what the price column holds (2,147,483,647 cents) was a 5xx from the database; now the contract's 400.
    for (const cents of [2_147_483_648, 1_000_000_001]) {
      const huge = await api(alice, 'POST', `/api/jobs/${jobId}/quotes`, { ...BODY, items: [{ name: 'x', quantity: 1, unit_price_cents: cents }] });
      expect(huge.statusCode, huge.body).toBe(400);
      expect(huge.body).toContain('Amount too large: at most $10,000,000.00');
    }
    const largest = await api(alice, 'POST', `/api/jobs/${jobId}/quotes`, { ...BODY, items: [{ name: 'x', quantity: 2, unit_price_cents: 1_000_000_000 }] });
    expect(largest.statusCode, largest.body).toBe(201);
    await ctx.db.delete(quotes).where(eq(quotes.id, (largest.json() as { id: string }).id));
    expect((await ctx.db.select().from(quotes)).length).toBe(before);
  });

  it('a blank or unreadable quantity and a negative price are refused with 400 and the field’s message; nothing is written or changed (issue 32 item 6)', async () => {
    const draft = await create();
    const before = (await ctx.db.select().from(quotes)).length;
    const line = { name: 'Seamless gutters', quantity: 10, unit_price_cents: 899 };
    const cases: [item: Record<string, unknown>, field: string, message: string][] = [
      [{ ...line, quantity: null }, 'items.0.quantity', 'Enter the quantity as a number, e.g. 2 or 1.5'],
      [{ name: 'Seamless gutters', unit_price_cents: 899 }, 'items.0.quantity', 'Enter the quantity as a number, e.g. 2 or 1.5'],
      [{ ...line, quantity: '2 sq' }, 'items.0.quantity', 'Enter the quantity as a number, e.g. 2 or 1.5'],
      [{ ...line, unit_price_cents: -500 }, 'items.0.unit_price_cents', 'Amounts cannot be negative'],
      [{ ...line, unit_price_cents: '$1,200.50' }, 'items.0.unit_price_cents', 'Enter an amount in dollars, e.g. 1,200.50'],
    ];
    for (const [item, field, message] of cases) {
      for (const [method, url] of [['POST', `/api/jobs/${jobId}/quotes`], ['PUT', `/api/quotes/${draft.id}`]] as const) {
        const res = await api(alice, method, url, { ...BODY, options: [], items: [item] });
        expect(res.statusCode, `${method} ${JSON.stringify(item)}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', details: expect.arrayContaining([{ field, message }]) } });
      }
    }
    const adjustments: [body: Partial<QuoteBody>, field: string, message: string][] = [
      [{ discount: { type: 'amount', cents: -100 } }, 'discount.cents', 'Amounts cannot be negative'],
      [{ deposit: { type: 'amount', cents: null as unknown as number } }, 'deposit.cents', 'Enter an amount in dollars, e.g. 1,200.50'],
      [{ tax_rate_percent: null as unknown as number }, 'tax_rate_percent', 'Enter a percentage, e.g. 8.25'],
    ];
    for (const [over, field, message] of adjustments) {
      const res = await api(alice, 'PUT', `/api/quotes/${draft.id}`, { ...BODY, ...over });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: { details: expect.arrayContaining([{ field, message }]) } });
    }
    expect((await ctx.db.select().from(quotes)).length).toBe(before);
    expect(QuoteSchema.parse((await api(alice, 'GET', `/api/quotes/${draft.id}`)).json())).toEqual(draft);
  });

  it('authorization (design.md §9): signed out 401, no workspace 409, another workspace 404 — on every contractor endpoint', async () => {
    const quote = await create();
    const calls: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
      ['GET', `/api/jobs/${jobId}/quotes`],
      ['POST', `/api/jobs/${jobId}/quotes`, BODY],
      ['GET', `/api/quotes/${quote.id}`],
      ['PUT', `/api/quotes/${quote.id}`, BODY],
      ['POST', `/api/quotes/${quote.id}/send`, { contact_id: maria, methods: ['sms'] }],
      ['POST', `/api/quotes/${quote.id}/revise`],
      ['POST', `/api/quotes/${quote.id}/withdraw`],
      ['DELETE', `/api/quotes/${quote.id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await api(null, method, url, body)).statusCode, `${method} ${url} signed out`).toBe(401);
      expect((await api(nomad, method, url, body)).statusCode, `${method} ${url} no workspace`).toBe(409);
      const other = await api(eve, method, url, body);
      expect(other.statusCode, `${method} ${url} other workspace`).toBe(404);
    }
    expect((await api(null, 'GET', '/api/quote-items/suggestions?q=sh')).statusCode).toBe(401);
    // Eve's price book does not show Alice's items.
    const evesBook = await api(eve, 'GET', '/api/quote-items/suggestions?q=sh');
    expect(evesBook.json()).toEqual({ items: [] });
    // Nothing changed by the refused calls.
    expect(QuoteSchema.parse((await api(alice, 'GET', `/api/quotes/${quote.id}`)).json())).toMatchObject({ status: 'draft', title: BODY.title });
  });

  it('price book: items of earlier quotes, most used first, at the latest price', async () => {
    const res = await api(bob, 'GET', '/api/quote-items/suggestions?q=shingles');
    expect(res.statusCode).toBe(200);
    const names = (res.json() as { items: { name: string; unit_price_cents: number; used: number }[] }).items;
    expect(names.map((i) => i.name)).toEqual(expect.arrayContaining(['3-tab shingles', 'Architectural shingles', 'Designer shingles']));
    expect(names.find((i) => i.name === 'Architectural shingles')).toMatchObject({ unit_price_cents: 12500 });
  });
});

describe('sending, the homeowner link, revisions', () => {
  it('sends by SMS and email to the client contact with a link that opens that quote only; viewed once the page says it rendered', async () => {
    const quote = await create();
    await ctx.db.delete(outboxMessages);
    const sent = await send(quote.id);
    expect(sent.quote.status).toBe('sent');
    expect(sent.link).toMatch(/^http:\/\/localhost:3000\/q\/[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(sent.sent_to).toEqual([
      { method: 'sms', address: '+15125550199' },
      { method: 'email', address: 'maria@example.com' },
    ]);
    const messages = await ctx.db.select().from(outboxMessages);
    expect(messages.map((m) => m.recipient).sort()).toEqual(['+15125550199', 'maria@example.com']);
    for (const m of messages) expect(JSON.stringify(m)).toContain(sent.link);

    const res = await view(tokenOf(sent.link));
    expect(res.statusCode, res.body).toBe(200);
    const page = PublicQuoteSchema.parse(res.json());
    expect(page).toMatchObject({ status: 'sent', company: 'Ridge Line Roofing', job: { client_name: 'Maria Garcia', property_address: '12 Oak Street, Austin TX' }, signed_pdf_ready: false });
    expect(JSON.stringify(page)).not.toContain(jobId); // no internal ids of the job
    // Fetching the link marks nothing (a message preview, a mail scanner, issue 32 item 4) …
    expect(QuoteSchema.parse((await api(alice, 'GET', `/api/quotes/${quote.id}`)).json())).toMatchObject({ status: 'sent', viewed_at: null });
    // … the page rendered in a browser does, once.
    const viewed = await ctx.app.inject({ method: 'POST', url: `/api/public/quotes/${tokenOf(sent.link)}/viewed` });
    expect(viewed.statusCode, viewed.body).toBe(200);
    expect(viewed.json()).toEqual({ status: 'viewed' });
    const seen = QuoteSchema.parse((await api(alice, 'GET', `/api/quotes/${quote.id}`)).json());
    expect(seen).toMatchObject({ status: 'viewed', viewed_at: expect.any(String) });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/public/quotes/${tokenOf(sent.link)}/viewed` })).json()).toEqual({ status: 'viewed' });
    expect(QuoteSchema.parse((await api(alice, 'GET', `/api/quotes/${quote.id}`)).json()).viewed_at).toBe(seen.viewed_at);
    // A forged link marks nothing.
    expect((await ctx.app.inject({ method: 'POST', url: `/api/public/quotes/${quote.id}.1999999999.${'A'.repeat(43)}/viewed` })).statusCode).toBe(404);
    // Send Again moves the last sent time; the first stays (issue 32 item 6).
    const first = QuoteSchema.parse((await api(alice, 'GET', `/api/quotes/${quote.id}`)).json());
    expect(first.first_sent_at).toBe(first.sent_at);
    await ctx.db.update(quotes).set({ sentAt: new Date('2026-01-02T03:04:05Z'), firstSentAt: new Date('2026-01-02T03:04:05Z') }).where(eq(quotes.id, quote.id));
    const again = await send(quote.id);
    expect(again.quote.first_sent_at).toBe('2026-01-02T03:04:05.000Z');
    expect(again.quote.sent_at).not.toBe('2026-01-02T03:04:05.000Z');
    expect(QuoteListSchema.parse((await api(alice, 'GET', `/api/jobs/${jobId}/quotes`)).json()).quotes.find((q) => q.id === quote.id)).toMatchObject({ first_sent_at: '2026-01-02T03:04:05.000Z', sent_at: again.quote.sent_at });
    // A sent quote is not edited in place.
    expect((await api(alice, 'PUT', `/api/quotes/${quote.id}`, BODY)).statusCode).toBe(409);
  });

  it('tampered, foreign-purpose and expired links are refused', async () => {
    const quote = await create();
    const { link } = await send(quote.id);
    const token = tokenOf(link);
    const [id, exp, mac] = token.split('.') as [string, string, string];
    expect((await view(`${id}.${Number(exp) + 86400}.${mac}`)).json()).toMatchObject({ error: { message: QUOTE_LINK_INVALID } });
    const other = await create();
    expect((await view(`${other.id}.${exp}.${mac}`)).statusCode).toBe(404);
    expect((await view(`${id}.${exp}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`)).statusCode).toBe(404);
    // A link made long ago that ran out.
    const old = tokenOf(quoteLink(ctx.signer, 'x', { id: quote.id, expiresAt: new Date('2020-01-02T00:00:00Z') }, new Date('2019-12-30T00:00:00Z')));
    const gone = await view(old);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ error: { message: QUOTE_LINK_EXPIRED } });
    // A draft has no link, even a well-signed one.
    const draft = await create();
    expect((await view(tokenOf(quoteLink(ctx.signer, 'x', { id: draft.id, expiresAt: new Date(`${inDays(4)}T00:00:00Z`) }, new Date())))).statusCode).toBe(404);
  });

  it('an approved or declined quote’s link keeps opening after the quote expires; a sent one’s says it expired (issue 32 item 4)', async () => {
    const expiredLink = (id: string) => tokenOf(quoteLink(ctx.signer, 'x', { id, expiresAt: new Date('2020-01-02T00:00:00Z') }, new Date('2019-12-30T00:00:00Z')));
    const approvedQuote = await create();
    const token = tokenOf((await send(approvedQuote.id)).link);
    const page = PublicQuoteSchema.parse((await view(token)).json());
    expect((await approve(token, { signer_name: 'Maria Garcia', signature_png: SIGNATURE, consent: true, option: 0, content_fingerprint: page.content_fingerprint })).statusCode).toBe(200);
    await ctx.db.update(quotes).set({ expiresOn: '2020-01-01', expiresAt: new Date('2020-01-02T00:00:00Z') }).where(eq(quotes.id, approvedQuote.id));
    const later = await view(expiredLink(approvedQuote.id));
    expect(later.statusCode, later.body).toBe(200);
    expect(PublicQuoteSchema.parse(later.json())).toMatchObject({ status: 'approved', approval: { signer_name: 'Maria Garcia' }, signed_pdf_ready: false });
    // Still nothing to decide with it.
    expect((await approve(expiredLink(approvedQuote.id), { signer_name: 'Maria Garcia', signature_png: SIGNATURE, consent: true, option: 0, content_fingerprint: page.content_fingerprint })).statusCode).toBe(410);
    // Its signed PDF is not written yet (the job has not run here): 404 with the reason.
    const early = await ctx.app.inject({ method: 'GET', url: `/api/public/quotes/${expiredLink(approvedQuote.id)}/signed-pdf` });
    expect(early.statusCode).toBe(404);
    expect(early.json()).toMatchObject({ error: { message: QUOTE_SIGNED_PDF_NOT_READY } });

    const declinedQuote = await create();
    const declineToken = tokenOf((await send(declinedQuote.id)).link);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/public/quotes/${declineToken}/decline`, payload: {} })).statusCode).toBe(200);
    expect(PublicQuoteSchema.parse((await view(expiredLink(declinedQuote.id))).json()).status).toBe('declined');

    const sentQuote = await create();
    await send(sentQuote.id);
    const gone = await view(expiredLink(sentQuote.id));
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ error: { message: QUOTE_LINK_EXPIRED } });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/quotes/${expiredLink(sentQuote.id)}/signed-pdf` })).statusCode).toBe(410);
  });

  it('revise: a new draft revision; the sent one stays live until the revision is sent, then its link says it was replaced and links it', async () => {
    const quote = await create();
    const { link } = await send(quote.id);
    const res = await api(alice, 'POST', `/api/quotes/${quote.id}/revise`);
    expect(res.statusCode, res.body).toBe(201);
    const revised = QuoteSchema.parse(res.json());
    expect(revised).toMatchObject({ revision: 2, status: 'draft', number: quote.number, draft_revision_id: null });
    expect(revised.items.map((i) => i.name)).toEqual(quote.items.map((i) => i.name));
    // Untouched while the revision is a draft (issue 32 item 7): the client's link opens it as sent.
    const old = QuoteSchema.parse((await api(alice, 'GET', `/api/quotes/${quote.id}`)).json());
    expect(old).toMatchObject({ status: 'sent', superseded_by: null, draft_revision_id: revised.id });
    expect(PublicQuoteSchema.parse((await view(tokenOf(link))).json())).toMatchObject({ status: 'sent', replaced_by_link: null });
    // One draft revision at a time.
    const again = await api(alice, 'POST', `/api/quotes/${quote.id}/revise`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { message: QUOTE_DRAFT_REVISION_EXISTS } });

    const second = await send(revised.id);
    expect(QuoteSchema.parse((await api(alice, 'GET', `/api/quotes/${quote.id}`)).json())).toMatchObject({ status: 'superseded', superseded_by: revised.id, draft_revision_id: null });
    const page = PublicQuoteSchema.parse((await view(tokenOf(link))).json());
    expect(page.status).toBe('superseded');
    expect(page.replaced_by_link).not.toBeNull();
    expect(PublicQuoteSchema.parse((await view(tokenOf(page.replaced_by_link!))).json()).id).toBe(second.quote.id);
    // The old one cannot be approved, nor revised again.
    const refused = await approve(tokenOf(link), { signer_name: 'Maria Garcia', signature_png: SIGNATURE, consent: true, option: 1, content_fingerprint: page.content_fingerprint });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { message: QUOTE_SUPERSEDED } });
    expect((await api(alice, 'POST', `/api/quotes/${quote.id}/revise`)).statusCode).toBe(409);
  });

  it('the client approves the sent quote while a draft revision exists: approved, the draft stays a draft, cannot be sent, and is discarded', async () => {
    const quote = await create();
    const token = tokenOf((await send(quote.id)).link);
    const draft = QuoteSchema.parse((await api(alice, 'POST', `/api/quotes/${quote.id}/revise`)).json());
    const page = PublicQuoteSchema.parse((await view(token)).json());
    const approved = await approve(token, { signer_name: 'Maria Garcia', signature_png: SIGNATURE, consent: true, option: 1, content_fingerprint: page.content_fingerprint });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(QuoteSchema.parse((await api(alice, 'GET', `/api/quotes/${quote.id}`)).json())).toMatchObject({ status: 'approved', draft_revision_id: draft.id });
    expect(QuoteSchema.parse((await api(alice, 'GET', `/api/quotes/${draft.id}`)).json()).status).toBe('draft');
    // Sending the draft now would replace a signed quote: refused, nothing sent or changed.
    await ctx.db.delete(outboxMessages);
    const refused = await api(alice, 'POST', `/api/quotes/${draft.id}/send`, { contact_id: maria, methods: ['sms'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { message: QUOTE_REVISION_SOURCE_APPROVED } });
    expect(await ctx.db.select().from(outboxMessages)).toEqual([]);
    expect(QuoteSchema.parse((await api(alice, 'GET', `/api/quotes/${quote.id}`)).json()).status).toBe('approved');
    const discarded = await api(alice, 'DELETE', `/api/quotes/${draft.id}`);
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(DiscardedQuoteSchema.parse(discarded.json())).toEqual({ ok: true, live_quote_id: quote.id });
  });

  it('discard: a draft revision goes with its items; the live quote, its link and its approvability are untouched; nothing but a draft is deleted', async () => {
    const quote = await create();
    const { link } = await send(quote.id);
    const before = QuoteSchema.parse((await api(alice, 'GET', `/api/quotes/${quote.id}`)).json());
    const draft = QuoteSchema.parse((await api(alice, 'POST', `/api/quotes/${quote.id}/revise`)).json());
    // Another workspace's DELETE finds nothing.
    expect((await api(eve, 'DELETE', `/api/quotes/${draft.id}`)).statusCode).toBe(404);
    const res = await api(bob, 'DELETE', `/api/quotes/${draft.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(DiscardedQuoteSchema.parse(res.json())).toEqual({ ok: true, live_quote_id: quote.id });
    expect((await api(alice, 'GET', `/api/quotes/${draft.id}`)).statusCode).toBe(404);
    expect(await ctx.db.select().from(quoteItems).where(eq(quoteItems.quoteId, draft.id))).toEqual([]);
    expect(QuoteSchema.parse((await api(alice, 'GET', `/api/quotes/${quote.id}`)).json())).toEqual(before);
    expect(QuoteListSchema.parse((await api(alice, 'GET', `/api/jobs/${jobId}/quotes`)).json()).quotes.map((q) => q.id)).not.toContain(draft.id);
    // The sent one is not deleted; its link still approves.
    const sentDelete = await api(alice, 'DELETE', `/api/quotes/${quote.id}`);
    expect(sentDelete.statusCode).toBe(409);
    expect(sentDelete.json()).toMatchObject({ error: { message: QUOTE_ONLY_DRAFT_DISCARDED } });
    const page = PublicQuoteSchema.parse((await view(tokenOf(link))).json());
    expect(page.status).toBe('sent');
    // A new revision can be made after the discard, with the same revision number.
    expect(QuoteSchema.parse((await api(alice, 'POST', `/api/quotes/${quote.id}/revise`)).json())).toMatchObject({ revision: 2, status: 'draft' });
    expect((await approve(tokenOf(link), { signer_name: 'Maria Garcia', signature_png: SIGNATURE, consent: true, option: 0, content_fingerprint: page.content_fingerprint })).statusCode).toBe(200);
    // A first draft, never sent, can be discarded too.
    const first = await create();
    expect(DiscardedQuoteSchema.parse((await api(alice, 'DELETE', `/api/quotes/${first.id}`)).json())).toEqual({ ok: true, live_quote_id: null });
    expect((await api(alice, 'GET', `/api/quotes/${first.id}`)).statusCode).toBe(404);
  });

  it('withdraw: the link says so (410), approval and decline are refused (409) and change nothing; a withdrawn quote can be revised, and its link never leads to the revision', async () => {
    const quote = await create();
    const token = tokenOf((await send(quote.id)).link);
    const page = PublicQuoteSchema.parse((await view(token)).json());
    expect((await api(eve, 'POST', `/api/quotes/${quote.id}/withdraw`)).statusCode).toBe(404);
    const res = await api(alice, 'POST', `/api/quotes/${quote.id}/withdraw`);
    expect(res.statusCode, res.body).toBe(200);
    const withdrawn = QuoteSchema.parse(res.json());
    expect(withdrawn).toMatchObject({ status: 'withdrawn', withdrawn_at: expect.any(String) });
    const message = QUOTE_WITHDRAWN('Ridge Line Roofing');
    expect(message).toBe('This quote was withdrawn by Ridge Line Roofing. Contact them for an updated quote.');
    const opened = await view(token);
    expect(opened.statusCode).toBe(410);
    expect(opened.json()).toMatchObject({ error: { message } });
    expect(opened.body).not.toContain(BODY.title);
    const approved = await approve(token, { signer_name: 'Maria Garcia', signature_png: SIGNATURE, consent: true, option: 0, content_fingerprint: page.content_fingerprint });
    expect(approved.statusCode).toBe(409);
    expect(approved.json()).toMatchObject({ error: { message } });
    const declined = await ctx.app.inject({ method: 'POST', url: `/api/public/quotes/${token}/decline`, payload: { reason: 'x' } });
    expect(declined.statusCode).toBe(409);
    expect(await ctx.db.select().from(quoteApprovals).where(eq(quoteApprovals.quoteId, quote.id))).toEqual([]);
    expect(QuoteSchema.parse((await api(alice, 'GET', `/api/quotes/${quote.id}`)).json())).toEqual(withdrawn);
    // Withdrawn once; a draft is discarded, not withdrawn.
    expect((await api(alice, 'POST', `/api/quotes/${quote.id}/withdraw`)).statusCode).toBe(409);
    expect((await api(alice, 'POST', `/api/quotes/${(await create()).id}/withdraw`)).statusCode).toBe(409);

    const revision = QuoteSchema.parse((await api(alice, 'POST', `/api/quotes/${quote.id}/revise`)).json());
    expect(revision).toMatchObject({ revision: 2, status: 'draft', withdrawn_at: null });
    await send(revision.id);
    // The revoked link stays revoked: it says it was withdrawn and hands its holder nothing of the new quote.
    const later = await view(token);
    expect(later.statusCode).toBe(410);
    expect(later.json()).toMatchObject({ error: { message } });
    expect(QuoteSchema.parse((await api(alice, 'GET', `/api/quotes/${quote.id}`)).json())).toMatchObject({ status: 'withdrawn', superseded_by: revision.id });
  });

  it('an old link leads to the newest revision only while that one was sent to the client: not to a draft, not to a withdrawn one', async () => {
    const quote = await create();
    const firstToken = tokenOf((await send(quote.id)).link);
    const second = QuoteSchema.parse((await api(alice, 'POST', `/api/quotes/${quote.id}/revise`)).json());
    await send(second.id);
    // Revision 3 is only a draft: revision 1's link still leads to revision 2, which the client has.
    const third = QuoteSchema.parse((await api(alice, 'POST', `/api/quotes/${second.id}/revise`)).json());
    const page = PublicQuoteSchema.parse((await view(firstToken)).json());
    expect(page.status).toBe('superseded');
    expect(PublicQuoteSchema.parse((await view(tokenOf(page.replaced_by_link!))).json()).id).toBe(second.id);
    expect(JSON.stringify(page)).not.toContain(third.id);
    // Revision 2 withdrawn: the old link leads nowhere.
    expect((await api(alice, 'POST', `/api/quotes/${second.id}/withdraw`)).statusCode).toBe(200);
    expect(PublicQuoteSchema.parse((await view(firstToken)).json())).toMatchObject({ status: 'superseded', replaced_by_link: null });
  });
});

describe('approval', () => {
  it('records the choice, name, signature, time, IP, user agent and the fingerprint, and locks the quote', async () => {
    const quote = await create();
    const { link } = await send(quote.id);
    const token = tokenOf(link);
    const page = PublicQuoteSchema.parse((await view(token)).json());
    const gutters = page.items.find((i) => i.name === 'Seamless gutters')!;
    const body = { signer_name: 'Maria Garcia', signature_png: SIGNATURE, consent: true, option: 1, optional_item_ids: [gutters.id], content_fingerprint: page.content_fingerprint };

    // Refusals first: nothing recorded by any of them.
    expect((await approve(token, { ...body, consent: false })).statusCode).toBe(400);
    expect((await approve(token, { ...body, signature_png: 'data:image/png;base64,AAAA' })).statusCode).toBe(400);
    expect((await approve(token, { ...body, signature_png: `data:image/png;base64,${'A'.repeat(300_000)}` })).statusCode).toBe(400);
    expect((await approve(token, { ...body, option: null })).statusCode).toBe(400);
    // An id that is no optional line of this quote: a base line, a made-up id.
    const tearOff = page.items.find((i) => i.name === 'Tear-off and disposal')!;
    expect((await approve(token, { ...body, optional_item_ids: [tearOff.id] })).statusCode).toBe(400);
    expect((await approve(token, { ...body, optional_item_ids: ['00000000-0000-4000-8000-00000000dead'] })).statusCode).toBe(400);
    expect((await approve(token, { ...body, content_fingerprint: 'f'.repeat(64) })).statusCode).toBe(409);
    expect(await ctx.db.select().from(quoteApprovals).where(eq(quoteApprovals.quoteId, quote.id))).toEqual([]);
    expect(await notificationsOf(quote.id)).toEqual([]);

    const res = await approve(token, body);
    expect(res.statusCode, res.body).toBe(200);
    const approved = PublicQuoteSchema.parse(res.json());
    // Better + gutters: 1080 + 3000 + 1083.30 = 5163.30; −5 % 258.17; taxable 3000+1083.30 − shares; tax; deposit 30 %.
    expect(approved.status).toBe('approved');
    expect(approved.approval).toMatchObject({ signer_name: 'Maria Garcia', option: 1, optional_item_ids: [gutters.id] });
    expect(approved.approval!.totals.subtotal_cents).toBe(516_330);
    expect(approved.approval!.fingerprint).toMatch(/^[0-9a-f]{64}$/);

    const [record] = await ctx.db.select().from(quoteApprovals).where(eq(quoteApprovals.quoteId, quote.id));
    expect(record).toMatchObject({ signerName: 'Maria Garcia', consent: true, ipAddress: '127.0.0.1', userAgent: 'Mozilla/5.0 (iPhone) TestPhone', option: 1 });
    // The signature kept is the one drawn, written again by the server (platform/untrusted): the same pixels.
    const kept = PNG.sync.read(Buffer.from(record!.signaturePng!, 'base64'));
    const drawn = PNG.sync.read(Buffer.from(SIGNATURE.split(',')[1]!, 'base64'));
    expect({ width: kept.width, height: kept.height }).toEqual({ width: drawn.width, height: drawn.height });
    expect(kept.data.equals(drawn.data)).toBe(true);
    // The fingerprint is the SHA-256 of the canonical JSON kept beside it: exactly what was shown and chosen.
    const { canonicalJson, sha256 } = await import('./quotes.public');
    expect(sha256(canonicalJson(record!.shown))).toBe(record!.fingerprint);
    expect(JSON.stringify(record!.shown)).toContain('Architectural shingles');

    // The contractor is told in the app, in the approval's transaction: the author (also the owner) and the admin, not
    // Bob (who only edited it). The notification opens the quote on its job.
    const told = await notificationsOf(quote.id);
    expect(told.map((n) => n.userId).sort()).toEqual([alice.id, carol.id].sort());
    expect(told[0]).toMatchObject({ kind: 'quote_approved', title: `Quote ${quote.number} approved by Maria Garcia`, jobId, readAt: null });
    expect(told[0]!.body).toBe(`Roof replacement (Better) · ${formatCents(approved.approval!.totals.total_cents)} · 12 Oak Street, Austin TX`);
    const mine = NotificationListSchema.parse((await api(alice, 'GET', '/api/my-notifications')).json());
    expect(mine.notifications[0]).toMatchObject({ title: `Quote ${quote.number} approved by Maria Garcia`, link: `/jobs/${jobId}?quote=${quote.id}` });
    expect(NotificationListSchema.parse((await api(bob, 'GET', '/api/my-notifications')).json()).notifications.map((n) => n.link)).not.toContain(`/jobs/${jobId}?quote=${quote.id}`);

    // Locked: a second approval, a decline, an edit or a revision are refused, nothing changed.
    const twice = await approve(token, body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: { message: QUOTE_ALREADY_APPROVED } });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/public/quotes/${token}/decline`, payload: {} })).statusCode).toBe(409);
    expect((await api(alice, 'PUT', `/api/quotes/${quote.id}`, BODY)).statusCode).toBe(409);
    expect((await api(alice, 'POST', `/api/quotes/${quote.id}/revise`)).statusCode).toBe(409);
    expect(await ctx.db.select().from(quoteApprovals).where(eq(quoteApprovals.quoteId, quote.id))).toHaveLength(1);
    expect(await notificationsOf(quote.id)).toHaveLength(2);

    const contractorView = QuoteSchema.parse((await api(alice, 'GET', `/api/quotes/${quote.id}`)).json());
    expect(contractorView.approval).toMatchObject({ signer_name: 'Maria Garcia', ip_address: '127.0.0.1', fingerprint: record!.fingerprint });
    const list = QuoteListSchema.parse((await api(alice, 'GET', `/api/jobs/${jobId}/quotes`)).json());
    expect(list.quotes.find((q) => q.id === quote.id)).toMatchObject({ status: 'approved', approved_total_cents: approved.approval!.totals.total_cents });
  });

  it('a ticked optional line of another option is ignored, not refused: the signed result is the chosen option and its ticked lines (issue 32 item 6)', async () => {
    const quote = await create();
    const token = tokenOf((await send(quote.id)).link);
    const page = PublicQuoteSchema.parse((await view(token)).json());
    const gutters = page.items.find((i) => i.name === 'Seamless gutters')!; // in every option
    const ridge = page.items.find((i) => i.name === 'Ridge vent upgrade')!; // Best's optional line, hidden under Better
    const res = await approve(token, { signer_name: 'Maria Garcia', signature_png: SIGNATURE, consent: true, option: 1, optional_item_ids: [ridge.id, gutters.id], content_fingerprint: page.content_fingerprint });
    expect(res.statusCode, res.body).toBe(200);
    const approved = PublicQuoteSchema.parse(res.json());
    expect(approved.approval).toMatchObject({ option: 1, optional_item_ids: [gutters.id] });
    // Better + gutters, as if the ridge vent had never been ticked: 1080 + 3000 + 1083.30.
    expect(approved.approval!.totals.subtotal_cents).toBe(516_330);
    const [record] = await ctx.db.select().from(quoteApprovals).where(eq(quoteApprovals.quoteId, quote.id));
    expect(record!.optionalItemIds).toEqual([gutters.id]);
    expect(record!.shown).toMatchObject({ selection: { option: 1, option_name: 'Better', optional_item_ids: [gutters.id] } });
  });

  it('two approvals at once: one wins, the other is refused', async () => {
    const quote = await create();
    const token = tokenOf((await send(quote.id)).link);
    const page = PublicQuoteSchema.parse((await view(token)).json());
    const body = { signer_name: 'Maria Garcia', signature_png: SIGNATURE, consent: true, option: 0, content_fingerprint: page.content_fingerprint };
    const results = await Promise.all([approve(token, body), approve(token, body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await ctx.db.select().from(quoteApprovals).where(eq(quoteApprovals.quoteId, quote.id))).toHaveLength(1);
    expect(await notificationsOf(quote.id)).toHaveLength(2); // one each for the author and the admin, from the winner only
  });

  it('an expired quote cannot be approved; a declined one records the reason', async () => {
    const quote = await create();
    const token = tokenOf((await send(quote.id)).link);
    const page = PublicQuoteSchema.parse((await view(token)).json());
    await ctx.db.update(quotes).set({ expiresOn: '2020-01-01', expiresAt: new Date('2020-01-02T00:00:00Z') }).where(eq(quotes.id, quote.id));
    const res = await approve(token, { signer_name: 'Maria Garcia', signature_png: SIGNATURE, consent: true, option: 0, content_fingerprint: page.content_fingerprint });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ error: { message: QUOTE_LINK_EXPIRED } });
    expect(QuoteSchema.parse((await api(alice, 'GET', `/api/quotes/${quote.id}`)).json()).status).toBe('expired');
    expect(await notificationsOf(quote.id)).toEqual([]);

    const other = await create();
    const otherToken = tokenOf((await send(other.id)).link);
    const declined = await ctx.app.inject({ method: 'POST', url: `/api/public/quotes/${otherToken}/decline`, payload: { reason: 'Went with another roofer' } });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(QuoteSchema.parse((await api(alice, 'GET', `/api/quotes/${other.id}`)).json())).toMatchObject({ status: 'declined', decline_reason: 'Went with another roofer' });
    const mails = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, alice.email));
    expect(mails.map((m) => m.subject)).toContain(`Quote ${other.number} declined: Roof replacement`);
    const told = await notificationsOf(other.id);
    expect(told.map((n) => n.userId).sort()).toEqual([alice.id, carol.id].sort());
    expect(told[0]).toMatchObject({ kind: 'quote_declined', title: `Quote ${other.number} declined`, body: 'Roof replacement · Reason: Went with another roofer' });
  });
});

describe('signature images (issue 32)', () => {
  /** A sent quote's link, opened, and the approval its page allows. */
  const readyToApprove = async () => {
    const quote = await create();
    const token = tokenOf((await send(quote.id)).link);
    const page = PublicQuoteSchema.parse((await view(token)).json());
    return { quote, token, body: { signer_name: 'Maria Garcia', signature_png: SIGNATURE, consent: true, option: 0, content_fingerprint: page.content_fingerprint } };
  };
  const expectSignatureRefused = (res: Awaited<ReturnType<typeof approve>>, message: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message, details: [{ field: 'signature_png', message }] } });
  };
  const approvalsOf = (quoteId: string) => ctx.db.select().from(quoteApprovals).where(eq(quoteApprovals.quoteId, quoteId));

  it('a PNG whose compressed data is corrupt, or whose header claims 60,000 × 60,000 pixels, is refused with 400; the server keeps answering', async () => {
    const { quote, token, body } = await readyToApprove();
    // Before, pdfkit's decoder inflated these asynchronously and threw in its callback, past every try/catch: the
    // process (this test's) ended.
    expectSignatureRefused(await approve(token, { ...body, signature_png: dataUrl(corruptDeflatePng()) }), QUOTE_SIGNATURE_UNREADABLE);
    expectSignatureRefused(await approve(token, { ...body, signature_png: dataUrl(absurdSizePng()) }), QUOTE_SIGNATURE_TOO_LARGE(60_000, 60_000));
    expect(await approvalsOf(quote.id)).toEqual([]);
    expect(await notificationsOf(quote.id)).toEqual([]);

    // Still here, and answering: the page, then the approval with a real signature.
    expect((await view(token)).statusCode).toBe(200);
    const res = await approve(token, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(await approvalsOf(quote.id)).toHaveLength(1);
  });

  it('the link and the quote’s state are checked before the image is touched: an approved quote’s link is 409, a made-up one 404', async () => {
    const { token, body } = await readyToApprove();
    expect((await approve(token, body)).statusCode).toBe(200);
    for (const png of [corruptDeflatePng(), absurdSizePng()]) {
      const res = await approve(token, { ...body, signature_png: dataUrl(png) });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ error: { message: QUOTE_ALREADY_APPROVED } });
      expect((await approve('not-a-link', { ...body, signature_png: dataUrl(png) })).statusCode).toBe(404);
    }
  });

  it('a blank signature (nothing drawn: every pixel transparent) is refused with 400 and changes nothing', async () => {
    const { quote, token, body } = await readyToApprove();
    expectSignatureRefused(await approve(token, { ...body, signature_png: blankSignaturePng() }), QUOTE_SIGNATURE_BLANK);
    expect(await approvalsOf(quote.id)).toEqual([]);
    expect(await notificationsOf(quote.id)).toEqual([]);
    expect(PublicQuoteSchema.parse((await view(token)).json())).toMatchObject({ status: 'sent', approval: null });
  });

  it('a signature bigger than a signature pad draws is refused before anything decodes it; the largest one is taken and kept small', async () => {
    const { quote, token, body } = await readyToApprove();
    // 4,000 × 4,000 pixels in under 150 kB: the old bound let it through, and decoding it took the event loop for
    // about 1.5 s and 425 MB.
    const huge = signaturePng(4000, 4000);
    expect(huge.length).toBeLessThan(MAX_SIGNATURE_CHARS);
    expectSignatureRefused(await approve(token, { ...body, signature_png: huge }), QUOTE_SIGNATURE_TOO_LARGE(4000, 4000));
    expectSignatureRefused(await approve(token, { ...body, signature_png: signaturePng(MAX_SIGNATURE_WIDTH + 1, 100) }), QUOTE_SIGNATURE_TOO_LARGE(MAX_SIGNATURE_WIDTH + 1, 100));
    expect(await approvalsOf(quote.id)).toEqual([]);

    const res = await approve(token, { ...body, signature_png: signaturePng(MAX_SIGNATURE_WIDTH, MAX_SIGNATURE_HEIGHT) });
    expect(res.statusCode, res.body).toBe(200);
    // Kept scaled down to what the signed PDF draws (240 × 80 points), as a PNG the server wrote.
    const [record] = await approvalsOf(quote.id);
    const kept = PNG.sync.read(Buffer.from(record!.signaturePng!, 'base64'));
    expect({ width: kept.width, height: kept.height }).toEqual({ width: 1200, height: 400 });
    expect(kept.data.some((v, i) => i % 4 === 3 && v > 0)).toBe(true);
  });
});

describe('the contractor’s notification settings (spec 001 §2)', () => {
  it('email off: no decline email, the in-app notification still comes; notifications off: neither; an admin’s own settings apply to them', async () => {
    const dora = await createTestUser(ctx, { workspaceName: 'Summit Roofing' }); // owner and author
    const finn = await createTestUser(ctx, { workspaceId: dora.workspaceId, role: 'admin' });
    const doraJob = (await insertJob(ctx.db, { workspaceId: dora.workspaceId!, clientName: 'Lee Park', propertyAddress: '4 Elm Road', title: 'Gutters' })).id;
    const lee = (await insertContact(ctx.db, { ownerId: dora.id, name: 'Lee Park', phoneNumber: '5125550123', email: 'lee@example.com' })).id;
    const settings = async (user: TestUser, body: Record<string, boolean>) => expect((await api(user, 'PUT', '/api/settings', body)).statusCode).toBe(200);
    const declinedQuote = async () => {
      const quote = QuoteSchema.parse((await api(dora, 'POST', `/api/jobs/${doraJob}/quotes`, BODY)).json());
      const sent = SentQuoteSchema.parse((await api(dora, 'POST', `/api/quotes/${quote.id}/send`, { contact_id: lee, methods: ['email'] })).json());
      const res = await ctx.app.inject({ method: 'POST', url: `/api/public/quotes/${tokenOf(sent.link)}/decline`, payload: { reason: 'Too dear' } });
      expect(res.statusCode, res.body).toBe(200);
      const mails = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, dora.email));
      const told = await ctx.db.select().from(notifications).where(eq(notifications.link, `/jobs/${doraJob}?quote=${quote.id}`));
      return { mailed: mails.filter((m) => m.subject === `Quote ${quote.number} declined: Roof replacement`).length, told: told.map((n) => n.userId).sort() };
    };

    // Dora turns email off (notifications on); Finn, the admin, turns notifications off.
    await settings(dora, { email_notifications: false });
    await settings(finn, { notifications_enabled: false });
    expect(await declinedQuote()).toEqual({ mailed: 0, told: [dora.id] });

    // Dora turns the master toggle off; the email switch, hidden then, still says on: no email, no notification.
    await settings(dora, { notifications_enabled: false, email_notifications: true });
    expect(await declinedQuote()).toEqual({ mailed: 0, told: [] });

    // Both on again: the next decision is mailed and notified; nothing held back from before.
    await settings(dora, { notifications_enabled: true });
    await settings(finn, { notifications_enabled: true });
    expect(await declinedQuote()).toEqual({ mailed: 1, told: [dora.id, finn.id].sort() });
    expect(NotificationListSchema.parse((await api(finn, 'GET', '/api/my-notifications')).json()).total).toBe(1);
  });
});

describe('rate limits on the homeowner link', () => {
  // Five uses of one quote's link per 15 minutes, eight requests a minute per address (TRUSTED_PROXIES unset).
  let rl: TestContext;
  let now = new Date();
  let owner: TestUser;
  let rlJob: string;
  let rlContact: string;
  beforeAll(async () => {
    rl = await createTestApp({ QUOTE_LINK_RATE_LIMIT: '5', AUTH_RATE_LIMIT: '8' }, { now: () => now });
    owner = await createTestUser(rl);
    rlJob = (await insertJob(rl.db, { workspaceId: owner.workspaceId!, clientName: 'Maria Garcia', title: 'Roof replacement' })).id;
    rlContact = (await insertContact(rl.db, { ownerId: owner.id, name: 'Maria Garcia', phoneNumber: '5125550199', email: 'maria@example.com' })).id;
  });
  afterAll(() => rl.close());

  const sentQuote = async () => {
    const quote = QuoteSchema.parse((await rl.app.inject({ method: 'POST', url: `/api/jobs/${rlJob}/quotes`, headers: owner.headers, payload: BODY })).json());
    const sent = SentQuoteSchema.parse((await rl.app.inject({ method: 'POST', url: `/api/quotes/${quote.id}/send`, headers: owner.headers, payload: { contact_id: rlContact, methods: ['email'] } })).json());
    return { quote, token: tokenOf(sent.link) };
  };
  const from = (remoteAddress: string, url: string, method: 'GET' | 'POST' = 'GET', payload?: object, headers: Record<string, string> = {}) =>
    rl.app.inject({ method, url, remoteAddress, headers, ...(payload ? { payload } : {}) });
  const stateOf = async (id: string) => {
    const [row] = await rl.db.select().from(quotes).where(eq(quotes.id, id));
    const approvals = await rl.db.select().from(quoteApprovals).where(eq(quoteApprovals.quoteId, id));
    const told = await rl.db.select().from(notifications).where(eq(notifications.link, `/jobs/${rlJob}?quote=${id}`));
    return { status: row!.status, viewedAt: row!.viewedAt, approvals: approvals.length, notifications: told.length };
  };
  const expect429 = (res: Awaited<ReturnType<typeof from>>) => {
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toEqual({ error: { code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests for this quote link\. Try again in \d+ (seconds?|minutes?)\.$/) } });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('per quote, from any address, real links only: the sixth use is 429 and changes nothing; other quotes are not touched', async () => {
    const { quote, token } = await sentQuote();
    const [id, exp, mac] = token.split('.') as [string, string, string];
    const forged = `${id}.${exp}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    // Three guesses at the link (404, not counted for the quote) and five real views, each from another address.
    for (const [n, t] of [forged, forged, forged].entries()) expect((await from(`198.51.100.${n + 1}`, `/api/public/quotes/${t}`)).statusCode).toBe(404);
    const page = PublicQuoteSchema.parse((await from('198.51.100.10', `/api/public/quotes/${token}`)).json());
    for (let i = 0; i < 4; i++) expect((await from(`198.51.100.${11 + i}`, `/api/public/quotes/${token}`)).statusCode).toBe(200);
    const before = await stateOf(quote.id);
    expect(before).toMatchObject({ status: 'sent', approvals: 0, notifications: 0 });

    // The sixth, a valid approval from a fresh address: refused before anything is read or written.
    const body = { signer_name: 'Maria Garcia', signature_png: SIGNATURE, consent: true, option: 1, content_fingerprint: page.content_fingerprint };
    expect429(await from('198.51.100.20', `/api/public/quotes/${token}/approve`, 'POST', body));
    expect429(await from('198.51.100.21', `/api/public/quotes/${token}/decline`, 'POST', { reason: 'x' }));
    expect429(await from('198.51.100.22', `/api/public/quotes/${token}`));
    expect429(await from('198.51.100.23', `/api/public/quotes/${token}/viewed`, 'POST'));
    expect429(await from('198.51.100.24', `/api/public/quotes/${token}/signed-pdf`));
    expect(await stateOf(quote.id)).toEqual(before);

    // Another quote's link from the same addresses still opens.
    const other = await sentQuote();
    expect((await from('198.51.100.20', `/api/public/quotes/${other.token}`)).statusCode).toBe(200);

    // After the window the homeowner can approve.
    now = new Date(now.getTime() + 15 * 60_000 + 1000);
    const approved = await from('198.51.100.20', `/api/public/quotes/${token}/approve`, 'POST', body);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await stateOf(quote.id)).toMatchObject({ status: 'approved', approvals: 1, notifications: 1 });
  });

  it('forged links naming a quote spend nothing of its budget: after many, the homeowner’s real link still opens and approves', async () => {
    const { quote, token } = await sentQuote();
    const [id, exp, mac] = token.split('.') as [string, string, string];
    const flip = (s: string) => `${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    // Whoever knows the quote's id (not its link): wrong MACs, a moved expiry, another purpose's shape, an expired
    // expiry with a made-up MAC — on the page, the approval and the decline, four times the quote's limit, each
    // address within its own limit (8 a minute).
    const forgeries = [`${id}.${exp}.${flip(mac)}`, `${id}.${Number(exp) + 86_400}.${mac}`, `${id}.1.${mac}`, `${id}.${exp}.${'A'.repeat(43)}`, `${id}.${exp}`];
    const approval = { signer_name: 'Mallory', signature_png: SIGNATURE, consent: true, option: 0, content_fingerprint: 'f'.repeat(64) };
    for (let i = 0; i < 20; i++) {
      const forged = forgeries[i % forgeries.length]!;
      const address = `192.0.2.${10 + (i % 5)}`;
      const res =
        i % 3 === 0
          ? await from(address, `/api/public/quotes/${forged}`)
          : i % 3 === 1
            ? await from(address, `/api/public/quotes/${forged}/approve`, 'POST', approval)
            : await from(address, `/api/public/quotes/${forged}/decline`, 'POST', { reason: 'x' });
      expect(res.statusCode, `${forged}: ${res.body}`).toBe(404);
    }
    expect(await stateOf(quote.id)).toMatchObject({ status: 'sent', viewedAt: null, approvals: 0, notifications: 0 });

    // The homeowner: the page, then the approval — two of the quote's five.
    const page = PublicQuoteSchema.parse((await from('198.51.100.99', `/api/public/quotes/${token}`)).json());
    const approved = await from('198.51.100.99', `/api/public/quotes/${token}/approve`, 'POST', { signer_name: 'Maria Garcia', signature_png: SIGNATURE, consent: true, option: 1, content_fingerprint: page.content_fingerprint });
    expect(approved.statusCode, approved.body).toBe(200);
    // Three more uses of the real link, then the sixth is refused: the real link is still limited per quote.
    for (let i = 0; i < 3; i++) expect((await from(`198.51.100.${100 + i}`, `/api/public/quotes/${token}`)).statusCode).toBe(200);
    expect429(await from('198.51.100.110', `/api/public/quotes/${token}`));
    // A genuine link past its time names its quote too (its signature holds): it counts, refused like the rest.
    const expired = tokenOf(quoteLink(rl.signer, 'x', { id: quote.id, expiresAt: new Date('2020-01-02T00:00:00Z') }, new Date('2019-12-30T00:00:00Z')));
    expect429(await from('198.51.100.111', `/api/public/quotes/${expired}`));
    // Forged links for it are still answered 404, not 429: they never touch its counter.
    expect((await from('192.0.2.50', `/api/public/quotes/${forgeries[0]}`)).statusCode).toBe(404);
  });

  it('per address, over every link and whatever X-Forwarded-For says: the ninth request in a minute is 429', async () => {
    const { quote, token } = await sentQuote();
    // Eight guesses with made-up links (no quote named: only the address counts).
    for (let i = 0; i < 8; i++) expect((await from('203.0.113.7', `/api/public/quotes/not-a-link-${i}`)).statusCode).toBe(404);
    expect429(await from('203.0.113.7', `/api/public/quotes/${token}`));
    // A header any client can set does not move the request to another counter (no trusted proxy).
    expect429(await from('203.0.113.7', `/api/public/quotes/${token}`, 'GET', undefined, { 'x-forwarded-for': '192.0.2.55' }));
    expect(await stateOf(quote.id)).toMatchObject({ status: 'sent', viewedAt: null });
    // Another address opens it; the refused requests spent nothing of the quote's five.
    for (let i = 0; i < 5; i++) expect((await from(`203.0.113.${20 + i}`, `/api/public/quotes/${token}`)).statusCode).toBe(200);
    // A minute later the first address may ask again (the quote's own five are spent, so: its 429).
    now = new Date(now.getTime() + 61_000);
    expect429(await from('203.0.113.7', `/api/public/quotes/${token}`));
    const fresh = await sentQuote();
    expect((await from('203.0.113.7', `/api/public/quotes/${fresh.token}`)).statusCode).toBe(200);
  });
});

describe('"Valid until" in the workspace time zone (issue 32 item 6)', () => {
  // A Los Angeles contractor's quote valid until 2026-11-02 (the day after the clocks went back): it stops at
  // midnight that night in Los Angeles, 2026-11-03 08:00 UTC — not at 2026-11-03 00:00 UTC, 4 pm the day before.
  let tz: TestContext;
  let now = new Date('2026-10-30T17:00:00Z');
  let owner: TestUser;
  let tzJob: string;
  let tzContact: string;
  beforeAll(async () => {
    tz = await createTestApp({}, { now: () => now });
    owner = await createTestUser(tz);
    const named = await tz.app.inject({ method: 'PUT', url: '/api/my-workspace', headers: owner.headers, payload: { name: 'LA Roofing', time_zone: 'America/Los_Angeles' } });
    expect(named.statusCode, named.body).toBe(200);
    tzJob = (await insertJob(tz.db, { workspaceId: owner.workspaceId!, clientName: 'Maria Garcia', title: 'Roof replacement' })).id;
    tzContact = (await insertContact(tz.db, { ownerId: owner.id, name: 'Maria Garcia', phoneNumber: '5125550199', email: 'maria@example.com' })).id;
  });
  afterAll(() => tz.close());

  const asOwner = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    tz.app.inject({ method, url, headers: owner.headers, ...(payload ? { payload } : {}) });

  it('the quote and its link stay good through the whole last day there, and stop at its midnight', async () => {
    const quote = QuoteSchema.parse((await asOwner('POST', `/api/jobs/${tzJob}/quotes`, { ...BODY, expires_on: '2026-11-02' })).json());
    const sent = await asOwner('POST', `/api/quotes/${quote.id}/send`, { contact_id: tzContact, methods: ['email'] });
    expect(sent.statusCode, sent.body).toBe(200);
    const token = tokenOf(SentQuoteSchema.parse(sent.json()).link);
    const statusAt = async (instant: string) => {
      now = new Date(instant);
      const page = await tz.app.inject({ method: 'GET', url: `/api/public/quotes/${token}` });
      const own = QuoteSchema.parse((await asOwner('GET', `/api/quotes/${quote.id}`)).json()).status;
      return { page: page.statusCode, own };
    };
    // 11:30 pm on the 2nd in Los Angeles (PST, UTC−8) — past midnight UTC, still the 2nd there.
    expect(await statusAt('2026-11-03T07:30:00Z')).toEqual({ page: 200, own: 'sent' });
    expect(await statusAt('2026-11-03T07:59:59Z')).toEqual({ page: 200, own: 'sent' });
    expect(await statusAt('2026-11-03T08:00:00Z')).toEqual({ page: 410, own: 'expired' });
  });

  it('sending on the last day there is allowed; the day before in UTC terms is not "past"', async () => {
    now = new Date('2026-11-03T06:00:00Z'); // 10 pm on the 2nd in Los Angeles
    const quote = QuoteSchema.parse((await asOwner('POST', `/api/jobs/${tzJob}/quotes`, { ...BODY, expires_on: '2026-11-02' })).json());
    expect((await asOwner('POST', `/api/quotes/${quote.id}/send`, { contact_id: tzContact, methods: ['email'] })).statusCode).toBe(200);
    const yesterday = QuoteSchema.parse((await asOwner('POST', `/api/jobs/${tzJob}/quotes`, { ...BODY, expires_on: '2026-11-01' })).json());
    const refused = await asOwner('POST', `/api/quotes/${yesterday.id}/send`, { contact_id: tzContact, methods: ['email'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('The expiry date has passed');
  });
});
