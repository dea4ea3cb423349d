import { PublicQuoteSchema, QUOTE_APPROVED_BY_REQUIRED, QuoteClientLinkSchema, QuoteSchema, SentQuoteSchema, type QuoteBody } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, notifications, outboxMessages, profiles, quoteApprovals, quoteItems, quotes } from '../../db/schema';
import { startQuotePdfWorker } from './signed-pdf.job';
import { insertContact, insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';

/** The contractor's tools around a quote (issue 32 item 9): copy the client link, and the rest below. */

let ctx: TestContext;
let alice: TestUser; // the job's workspace
let bob: TestUser; // another member of it
let eve: TestUser; // another workspace
let jobId: string;
let maria: string;

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const BODY: QuoteBody = {
  title: 'Roof replacement',
  options: [{ name: 'Good' }, { name: 'Better' }],
  items: [
    { section: 'Preparation', name: 'Tear-off and disposal', quantity: 24, unit: 'sq', unit_price_cents: 4500, taxable: false },
    { section: 'Roofing', name: '3-tab shingles', quantity: 24, unit: 'sq', unit_price_cents: 9500, option: 0 },
    { section: 'Roofing', name: 'Architectural shingles', quantity: 24, unit: 'sq', unit_price_cents: 12500, option: 1 },
    { section: 'Extras', name: 'Seamless gutters', quantity: 120, unit: 'ft', unit_price_cents: 900, optional: true },
  ],
  tax_rate_percent: 8.25,
  deposit: { type: 'amount', cents: 100000 },
  expires_on: inDays(10),
  terms: 'Balance due on completion.',
};

const api = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const create = async (job = jobId) => QuoteSchema.parse((await api(alice, 'POST', `/api/jobs/${job}/quotes`, BODY)).json());
const send = async (id: string) => SentQuoteSchema.parse((await api(alice, 'POST', `/api/quotes/${id}/send`, { contact_id: maria, methods: ['email'] })).json());
const pdfText = async (bytes: Buffer) => {
  const { extractText, getDocumentProxy } = await import('unpdf');
  return (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;
};
const drainPdfs = async () => {
  const worker = startQuotePdfWorker({ db: ctx.db, blobs: ctx.blobs, publicUrl: 'http://localhost:3000' });
  const handled = await worker.drain();
  worker.stop();
  return handled;
};
const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createTestUser(ctx, { workspaceName: 'Ridge Line Roofing' });
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId });
  eve = await createTestUser(ctx);
  jobId = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Maria Garcia', propertyAddress: '12 Oak Street, Austin TX', title: 'Roof replacement' })).id;
  maria = (await insertContact(ctx.db, { ownerId: alice.id, name: 'Maria Garcia', phoneNumber: '5125550199', email: 'maria@example.com' })).id;
});
afterAll(() => ctx.close());

describe('Copy Client Link: GET /api/quotes/:id/client-link', () => {
  it('gives workspace members a fresh link that opens the sent quote; a draft, an expired or a withdrawn quote has none; another workspace 404', async () => {
    const draft = await create();
    const link = (user: TestUser | null, id: string) => api(user, 'GET', `/api/quotes/${id}/client-link`);
    expect((await link(null, draft.id)).statusCode).toBe(401);
    expect((await link(alice, draft.id)).statusCode).toBe(409);

    await send(draft.id);
    expect((await link(eve, draft.id)).statusCode).toBe(404);
    const res = await link(bob, draft.id);
    expect(res.statusCode, res.body).toBe(200);
    const copied = QuoteClientLinkSchema.parse(res.json());
    expect(copied).toMatchObject({ link: expect.stringMatching(/\/q\/[^/]+$/), expires_on: BODY.expires_on });
    const page = await ctx.app.inject({ method: 'GET', url: `/api/public/quotes/${tokenOf(copied.link)}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(PublicQuoteSchema.parse(page.json())).toMatchObject({ id: draft.id, status: 'sent' });

    // Past its expiry: no link to hand out.
    const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, draft.id));
    await ctx.db.update(quotes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(quotes.id, draft.id));
    expect((await link(alice, draft.id)).statusCode).toBe(409);
    await ctx.db.update(quotes).set({ expiresAt: row!.expiresAt }).where(eq(quotes.id, draft.id));
    // Withdrawn: none either.
    expect((await api(alice, 'POST', `/api/quotes/${draft.id}/withdraw`)).statusCode).toBe(200);
    expect((await link(alice, draft.id)).statusCode).toBe(409);
  });
});

describe('Mark Approved: POST /api/quotes/:id/mark-approved', () => {
  it('records a verbal approval with the option, ticked lines, who and a note; notifies; the signed PDF says it was approved by hand', async () => {
    await ctx.db.update(profiles).set({ fullName: 'Bob Builder' }).where(eq(profiles.id, bob.id));
    const quote = await create();
    const mark = (user: TestUser | null, id: string, body: unknown) => api(user, 'POST', `/api/quotes/${id}/mark-approved`, body);
    const gutters = quote.items.find((i) => i.name === 'Seamless gutters')!;
    const body = { option: 1, optional_item_ids: [gutters.id], approved_by: 'Maria Garcia', method: 'verbal', note: 'Said yes on the phone, 3 pm' };
    expect((await mark(null, quote.id, body)).statusCode).toBe(401);
    expect((await mark(alice, quote.id, body)).statusCode).toBe(409); // a draft: never sent
    await send(quote.id);
    expect((await mark(eve, quote.id, body)).statusCode).toBe(404);
    const noName = await mark(bob, quote.id, { ...body, approved_by: ' ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain(QUOTE_APPROVED_BY_REQUIRED);
    expect((await mark(bob, quote.id, { ...body, option: null })).statusCode).toBe(400); // a quote with options needs one
    expect(await ctx.db.select().from(quoteApprovals).where(eq(quoteApprovals.quoteId, quote.id))).toEqual([]);

    const res = await mark(bob, quote.id, body);
    expect(res.statusCode, res.body).toBe(200);
    const approved = QuoteSchema.parse(res.json());
    // Better (24 × 45 + 24 × 125) + gutters 120 × 9 = 1080 + 3000 + 1080 = 5160; tax 8.25 % of 4080 = 336.60.
    expect(approved).toMatchObject({ status: 'approved', approval: { signer_name: 'Maria Garcia', option: 1, optional_item_ids: [gutters.id], method: 'verbal', note: 'Said yes on the phone, 3 pm', ip_address: null, pdf_status: 'pending' } });
    expect(approved.approval!.totals.total_cents).toBe(549_660);
    const [row] = await ctx.db.select().from(quoteApprovals).where(eq(quoteApprovals.quoteId, quote.id));
    expect(row).toMatchObject({ signaturePng: null, method: 'verbal', recordedBy: bob.id, consent: false });
    // Notified as an approval is; a second mark (or the client's page) is refused.
    const told = await ctx.db.select().from(notifications).where(eq(notifications.link, `/jobs/${jobId}?quote=${quote.id}`));
    expect(told.map((n) => n.title)).toContain(`Quote ${quote.number} approved by Maria Garcia`);
    expect((await mark(bob, quote.id, body)).statusCode).toBe(409);

    await ctx.db.delete(outboxMessages);
    expect(await drainPdfs()).toBe(1);
    const [done] = await ctx.db.select().from(quoteApprovals).where(eq(quoteApprovals.quoteId, quote.id));
    expect(done).toMatchObject({ pdfStatus: 'done' });
    const [doc] = await ctx.db.select().from(documents).where(eq(documents.id, done!.documentId!));
    expect(doc).toBeTruthy();
    const file = await api(alice, 'GET', `/api/documents/${doc!.id}/content`);
    const text = await pdfText(file.rawPayload);
    const day = done!.approvedAt.toISOString().slice(0, 10);
    expect(text).toContain(`Approved by hand by Bob Builder on ${day} — Verbal: Said yes on the phone, 3 pm`);
    expect(text).toContain('Approved by Maria Garcia');
    expect(text).toContain('Architectural shingles');
    expect(text).toContain('$5,496.60');
    expect(text).not.toContain('signed electronically');
    // The client gets their copy too (the quote was emailed to them).
    expect((await ctx.db.select().from(outboxMessages)).map((m) => m.recipient)).toContain('maria@example.com');
  });

  it('a paper approval without a note on a quote with no options', async () => {
    const quote = QuoteSchema.parse((await api(alice, 'POST', `/api/jobs/${jobId}/quotes`, { ...BODY, options: [], items: [BODY.items![0]!] })).json());
    await send(quote.id);
    const res = await api(alice, 'POST', `/api/quotes/${quote.id}/mark-approved`, { option: null, approved_by: 'Maria Garcia', method: 'paper' });
    expect(res.statusCode, res.body).toBe(200);
    expect(QuoteSchema.parse(res.json()).approval).toMatchObject({ method: 'paper', note: null, option: null });
    expect(await drainPdfs()).toBe(1);
    const [done] = await ctx.db.select().from(quoteApprovals).where(eq(quoteApprovals.quoteId, quote.id));
    const text = await pdfText((await api(alice, 'GET', `/api/documents/${done!.documentId}/content`)).rawPayload);
    expect(text).toMatch(/Approved by hand by .+ on \d{4}-\d{2}-\d{2} — Paper/);
  });
});

describe('Duplicate: POST /api/quotes/:id/duplicate', () => {
  it('makes a new draft on another job of the workspace — new number, revision 1, the same options, items and terms; another workspace 404', async () => {
    const source = await create();
    await send(source.id);
    const otherJob = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Sam Lee', title: 'Garage roof' })).id;
    const evesJob = (await insertJob(ctx.db, { workspaceId: eve.workspaceId!, title: 'Not yours' })).id;
    const dup = (user: TestUser | null, id: string, job: string) => api(user, 'POST', `/api/quotes/${id}/duplicate`, { job_id: job });
    expect((await dup(null, source.id, otherJob)).statusCode).toBe(401);
    expect((await dup(eve, source.id, evesJob)).statusCode).toBe(404); // not eve's quote
    expect((await dup(alice, source.id, evesJob)).statusCode).toBe(404); // not alice's job
    expect((await api(alice, 'POST', `/api/quotes/${source.id}/duplicate`, { job_id: 'nope' })).statusCode).toBe(400);

    const res = await dup(bob, source.id, otherJob);
    expect(res.statusCode, res.body).toBe(201);
    const copy = QuoteSchema.parse(res.json());
    expect(copy).toMatchObject({ job_id: otherJob, status: 'draft', revision: 1, title: source.title, terms: source.terms, tax_rate_percent: 8.25, deposit: { type: 'amount', cents: 100000 }, sent_at: null, approval: null });
    expect(copy.id).not.toBe(source.id);
    expect(copy.number).toMatch(/^Q-\d+$/);
    expect(copy.number).not.toBe(source.number);
    expect(copy.options.map((o) => o.name)).toEqual(['Good', 'Better']);
    const strip = (q: typeof copy) => q.items.map(({ id: _id, ...i }) => i);
    expect(strip(copy)).toEqual(strip(source));
    expect(copy.items.map((i) => i.id).some((id) => source.items.some((s) => s.id === id))).toBe(false);
    expect(copy.options.map((o) => o.totals)).toEqual(source.options.map((o) => o.totals));
    expect(copy.expires_on > new Date().toISOString().slice(0, 10)).toBe(true);
    // The source is untouched; the copy is its own family, editable and listed on its job.
    const [sourceRow] = await ctx.db.select().from(quotes).where(eq(quotes.id, source.id));
    expect(sourceRow).toMatchObject({ status: 'sent', jobId });
    expect(await ctx.db.select().from(quoteItems).where(eq(quoteItems.quoteId, source.id))).toHaveLength(source.items.length);
    const [copyRow] = await ctx.db.select().from(quotes).where(eq(quotes.id, copy.id));
    expect(copyRow).toMatchObject({ familyId: copy.id, createdBy: bob.id, sentEmail: null });
    const list = await api(alice, 'GET', `/api/jobs/${otherJob}/quotes`);
    expect(list.json().quotes.map((q: { id: string }) => q.id)).toEqual([copy.id]);
    expect((await api(alice, 'PUT', `/api/quotes/${copy.id}`, { ...BODY, title: 'Garage roof' })).statusCode).toBe(200);
  });
});

describe('Preview as Client: GET /api/quotes/:id/preview', () => {
  it('gives workspace members the client page of a draft or a sent quote without marking it viewed; another workspace 404', async () => {
    const quote = await create();
    const preview = (user: TestUser | null) => api(user, 'GET', `/api/quotes/${quote.id}/preview`);
    expect((await preview(null)).statusCode).toBe(401);
    expect((await preview(eve)).statusCode).toBe(404);
    const draft = await preview(bob);
    expect(draft.statusCode, draft.body).toBe(200);
    expect(PublicQuoteSchema.parse(draft.json())).toMatchObject({ id: quote.id, status: 'draft', company: 'Ridge Line Roofing', job: { client_name: 'Maria Garcia' }, approval: null });

    const sent = await send(quote.id);
    const shown = PublicQuoteSchema.parse((await preview(alice)).json());
    expect(shown.status).toBe('sent');
    // The same page the client's link opens, fingerprint included.
    const byLink = PublicQuoteSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/public/quotes/${tokenOf(sent.link)}` })).json());
    expect(shown).toEqual(byLink);
    const [row] = await ctx.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row).toMatchObject({ status: 'sent', viewedAt: null });
  });
});

describe('Print / PDF: GET /api/quotes/:id/pdf', () => {
  it('gives workspace members the quote as a PDF marked "Not signed", a draft or a sent one; another workspace 404; an approved one 409', async () => {
    const quote = await create();
    const pdf = (user: TestUser | null) => api(user, 'GET', `/api/quotes/${quote.id}/pdf`);
    expect((await pdf(null)).statusCode).toBe(401);
    expect((await pdf(eve)).statusCode).toBe(404);
    const draft = await pdf(bob);
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.headers['content-type']).toBe('application/pdf');
    expect(draft.headers['content-disposition']).toContain(`inline; filename="Quote ${quote.number} (not signed).pdf"`);
    const text = await pdfText(draft.rawPayload);
    for (const shown of [
      'QUOTE',
      'NOT SIGNED',
      'Not signed: this copy has not been approved by the client.',
      'Ridge Line Roofing',
      quote.number,
      'Roof replacement',
      'Client: Maria Garcia',
      'Tear-off and disposal',
      'OPTION: GOOD',
      '3-tab shingles',
      'OPTION: BETTER',
      'Architectural shingles',
      'Seamless gutters (optional)',
      'Good totals',
      'Better totals',
      'Balance due on completion.',
    ])
      expect(text).toContain(shown);
    // Good: 1080 + 2280 = 3360; tax 8.25 % of 2280 = 188.10 → 3548.10. Better: 1080 + 3000; tax 247.50 → 4327.50.
    for (const amount of ['$3,548.10', '$4,327.50', '$1,000.00']) expect(text).toContain(amount);
    expect(draft.rawPayload.toString('latin1')).not.toMatch(/\/BaseFont \/(Helvetica|Courier)/);

    await send(quote.id);
    const sent = await pdf(alice);
    expect(sent.statusCode).toBe(200);
    expect(await pdfText(sent.rawPayload)).toContain('Not signed');
    // Sent and viewed stay sent: printing is not the client's view.
    expect((await ctx.db.select().from(quotes).where(eq(quotes.id, quote.id)))[0]).toMatchObject({ status: 'sent', viewedAt: null });

    expect((await api(alice, 'POST', `/api/quotes/${quote.id}/mark-approved`, { option: 0, approved_by: 'Maria Garcia', method: 'verbal' })).statusCode).toBe(200);
    expect((await pdf(alice)).statusCode).toBe(409);
  });
});
