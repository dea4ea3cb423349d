import {
  CHECK_NUMBER_REQUIRED,
  INVOICE_DUE_DATE_REQUIRED,
  INVOICE_NOT_DRAFT,
  InvoiceListSchema,
  InvoiceSchema,
  QUOTE_NOT_APPROVED_FOR_INVOICE,
  QuoteSchema,
  REFUND_ADMIN_ONLY,
  VoidedInvoiceSchema,
  type Invoice,
  type InvoiceBody,
  type QuoteBody,
} from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePayments, invoices, workspaces } from '../../db/schema';
import { insertContact, insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';

// A fixed clock: 2026-03-10 03:00 UTC is still March 9 in Chicago (UTC−5 after the change of March 8).
let clock = new Date('2026-03-10T03:00:00Z');
let ctx: TestContext;
let alice: TestUser; // owner of the workspace: a workspace admin
let bob: TestUser; // a plain member
let eve: TestUser; // another workspace
let nomad: TestUser; // signed in, in no workspace
let jobId: string;
let otherJobId: string;

const BODY: InvoiceBody = {
  title: 'Kitchen remodel',
  items: [
    { section: 'Labour', name: 'Cabinet install', quantity: 12.5, unit: 'h', unit_price_cents: 8500, taxable: false },
    { section: 'Materials', name: 'Łukasz’s oak cabinets', quantity: 6, unit: 'ea', unit_price_cents: 42_000 },
  ],
  discount: { type: 'amount', cents: 10_000 },
  tax_rate_percent: 8.25,
  payment_terms: 'net_15',
  notes: 'Thank you for your business.',
};

const api = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) });
const create = async (body: InvoiceBody = BODY, user = alice) => {
  const res = await api(user, 'POST', `/api/jobs/${jobId}/invoices`, body);
  expect(res.statusCode, res.body).toBe(201);
  return InvoiceSchema.parse(res.json());
};
const markSent = async (id: string) => {
  const res = await api(alice, 'POST', `/api/invoices/${id}/mark-sent`);
  expect(res.statusCode, res.body).toBe(200);
  return InvoiceSchema.parse(res.json());
};
const pay = (user: TestUser, id: string, body: Record<string, unknown>) => api(user, 'POST', `/api/invoices/${id}/payments`, { method: 'cash', received_on: '2026-03-09', ...body });
async function pdfText(bytes: Buffer): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  return (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;
}

beforeAll(async () => {
  ctx = await createTestApp({}, { now: () => clock });
  alice = await createTestUser(ctx, { workspaceName: 'Żółć Kitchens' });
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId });
  eve = await createTestUser(ctx);
  nomad = await createTestUser(ctx, { workspaceId: null });
  await ctx.db.update(workspaces).set({ timeZone: 'America/Chicago' }).where(eq(workspaces.id, alice.workspaceId!));
  jobId = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Nguyễn Thị Hương', propertyAddress: '4 Elm Road, Austin TX', title: 'Kitchen remodel' })).id;
  otherJobId = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, title: 'Porch' })).id;
});
afterAll(() => ctx.close());

describe('invoices on a job', () => {
  it('creates a draft with the money module’s totals, numbers INV-1001, INV-1002 per workspace, lists it on the job', async () => {
    const first = await create();
    expect(first).toMatchObject({ status: 'draft', number: 'INV-1001', job_id: jobId, payment_terms: 'net_15', issued_on: null, sent_at: null });
    // 12.5 h × $85 = $1,062.50 (not taxable); 6 × $420 = $2,520.00. Subtotal $3,582.50; discount $100 spread
    // 1062.50 : 2520 → $29.66 / $70.34; taxable 2520 − 70.34 = $2,449.66; tax 8.25 % = $202.10.
    expect(first.items.map((i) => i.line_total_cents)).toEqual([106_250, 252_000]);
    expect(first.totals).toEqual({ subtotal_cents: 358_250, discount_cents: 10_000, taxable_cents: 244_966, tax_cents: 20_210, total_cents: 368_460, paid_cents: 0, balance_cents: 368_460 });
    // A draft's net-15 due date is counted from today in the workspace's zone (March 9 in Chicago, March 10 in UTC).
    expect(first.due_on).toBe('2026-03-24');
    const second = await create();
    expect(second.number).toBe('INV-1002');
    const evesJob = await insertJob(ctx.db, { workspaceId: eve.workspaceId!, title: 'Deck' });
    const evesFirst = InvoiceSchema.parse((await api(eve, 'POST', `/api/jobs/${evesJob.id}/invoices`, BODY)).json());
    expect(evesFirst.number).toBe('INV-1001');
    // Made at once, every invoice gets its own number.
    const many = await Promise.all(Array.from({ length: 4 }, () => create()));
    expect(new Set(many.map((i) => i.number)).size).toBe(4);

    const list = InvoiceListSchema.parse((await api(bob, 'GET', `/api/jobs/${jobId}/invoices`)).json());
    expect(list.invoices.map((i) => i.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(list.invoices.find((i) => i.id === first.id)!.totals.balance_cents).toBe(368_460);
    expect(InvoiceListSchema.parse((await api(alice, 'GET', `/api/jobs/${otherJobId}/invoices`)).json()).total).toBe(0);
  });

  it('checks who calls: 401 without a session, 409 without a workspace, 404 for another workspace', async () => {
    const inv = await create();
    expect((await api(null, 'GET', `/api/invoices/${inv.id}`)).statusCode).toBe(401);
    expect((await api(null, 'POST', `/api/jobs/${jobId}/invoices`, BODY)).statusCode).toBe(401);
    expect((await api(nomad, 'GET', `/api/jobs/${jobId}/invoices`)).statusCode).toBe(409);
    for (const [method, url, body] of [
      ['GET', `/api/invoices/${inv.id}`],
      ['PUT', `/api/invoices/${inv.id}`, BODY],
      ['DELETE', `/api/invoices/${inv.id}`],
      ['POST', `/api/invoices/${inv.id}/mark-sent`],
      ['POST', `/api/invoices/${inv.id}/void`, {}],
      ['POST', `/api/invoices/${inv.id}/payments`, { method: 'cash', amount_cents: 100, received_on: '2026-03-09' }],
      ['GET', `/api/invoices/${inv.id}/pdf`],
      ['GET', `/api/jobs/${jobId}/invoices`],
      ['POST', `/api/jobs/${jobId}/invoices`, BODY],
    ] as const) {
      const res = await api(eve, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // Nothing of eve's attempts was written.
    expect(InvoiceSchema.parse((await api(alice, 'GET', `/api/invoices/${inv.id}`)).json()).status).toBe('draft');
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const before = (await ctx.db.select().from(invoices)).length;
    const cases: [unknown, string][] = [
      [{ ...BODY, items: [{ name: 'x', quantity: 1, unit_price_cents: 10.5 }] }, 'Amounts are whole cents'],
      [{ ...BODY, title: ' ' }, 'Give the invoice a title'],
      [{ ...BODY, payment_terms: 'custom' }, INVOICE_DUE_DATE_REQUIRED],
      [{ ...BODY, payment_terms: 'net_90' }, 'Choose the payment terms'],
      [{ ...BODY, tax_rate_percent: 101 }, 'A percentage is at most 100'],
      [{ ...BODY, items: [{ name: 'x', quantity: 1, unit_price_cents: 1_000_000_001 }] }, 'Amount too large'],
    ];
    for (const [body, message] of cases) {
      const res = await api(alice, 'POST', `/api/jobs/${jobId}/invoices`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await api(alice, 'POST', `/api/jobs/${crypto.randomUUID()}/invoices`, BODY)).statusCode).toBe(404);
    expect((await ctx.db.select().from(invoices)).length).toBe(before);
  });

  it('edits a draft; marking it sent fixes the issue and due days in the workspace’s zone; a sent one is never edited', async () => {
    const inv = await create();
    const edited = await api(bob, 'PUT', `/api/invoices/${inv.id}`, { ...BODY, title: 'Kitchen remodel, phase 1', items: [BODY.items![0]!] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(InvoiceSchema.parse(edited.json())).toMatchObject({ title: 'Kitchen remodel, phase 1', totals: { total_cents: 96_250 } });

    const sent = await markSent(inv.id);
    expect(sent).toMatchObject({ status: 'sent', issued_on: '2026-03-09', due_on: '2026-03-24' });
    const refused = await api(alice, 'PUT', `/api/invoices/${inv.id}`, BODY);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(INVOICE_NOT_DRAFT);
    expect((await api(alice, 'DELETE', `/api/invoices/${inv.id}`)).statusCode).toBe(409);
    expect((await api(alice, 'POST', `/api/invoices/${inv.id}/mark-sent`)).statusCode).toBe(409);

    // Overdue once March 24 has ended in Chicago (05:00 UTC on the 25th), not at midnight UTC.
    clock = new Date('2026-03-25T04:59:00Z');
    expect(InvoiceSchema.parse((await api(alice, 'GET', `/api/invoices/${inv.id}`)).json()).status).toBe('sent');
    clock = new Date('2026-03-25T05:00:01Z');
    expect(InvoiceSchema.parse((await api(alice, 'GET', `/api/invoices/${inv.id}`)).json()).status).toBe('overdue');
    clock = new Date('2026-03-10T03:00:00Z');
  });

  it('sends nothing without lines, and a custom due date must not have passed', async () => {
    const empty = await create({ ...BODY, items: [] });
    const res = await api(alice, 'POST', `/api/invoices/${empty.id}/mark-sent`);
    expect(res.statusCode).toBe(400);
    expect(InvoiceSchema.parse((await api(alice, 'GET', `/api/invoices/${empty.id}`)).json()).status).toBe('draft');
    const late = await create({ ...BODY, payment_terms: 'custom', due_on: '2026-03-08' });
    expect(late.due_on).toBe('2026-03-08');
    expect((await api(alice, 'POST', `/api/invoices/${late.id}/mark-sent`)).statusCode).toBe(400);
    const onTime = await create({ ...BODY, payment_terms: 'custom', due_on: '2026-04-01' });
    expect(await markSent(onTime.id)).toMatchObject({ due_on: '2026-04-01', payment_terms: 'custom' });
    // A draft is discarded, with its lines.
    expect((await api(alice, 'DELETE', `/api/invoices/${late.id}`)).statusCode).toBe(200);
    expect((await api(alice, 'GET', `/api/invoices/${late.id}`)).statusCode).toBe(404);
  });
});

describe('payments and refunds', () => {
  let inv: Invoice;
  beforeAll(async () => {
    inv = await markSent((await create()).id);
  });

  it('records payments by any member with who recorded them; the balance and status are derived', async () => {
    expect((await pay(bob, inv.id, { method: 'check', amount_cents: 100_000 })).json().error.details).toEqual([{ field: 'check_number', message: CHECK_NUMBER_REQUIRED }]);
    const first = await pay(bob, inv.id, { method: 'check', check_number: '1042', amount_cents: 100_000, note: 'Handed over on site' });
    expect(first.statusCode, first.body).toBe(201);
    const after = InvoiceSchema.parse(first.json());
    expect(after).toMatchObject({ status: 'partially_paid', totals: { paid_cents: 100_000, balance_cents: 268_460 } });
    expect(after.payments[0]).toMatchObject({ kind: 'payment', method: 'check', check_number: '1042', amount_cents: 100_000, received_on: '2026-03-09', note: 'Handed over on site', recorded_by: { id: bob.id } });

    // Never more than the balance, and nothing is written when refused.
    const over = await pay(alice, inv.id, { amount_cents: 268_461 });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe('The payment is more than the balance due ($2,684.60)');
    expect((await pay(alice, inv.id, { amount_cents: 0 })).statusCode).toBe(400);
    expect((await pay(alice, inv.id, { amount_cents: -5 })).statusCode).toBe(400);
    // Today is March 9 in Chicago: March 10 has not come there yet.
    const tomorrow = await pay(alice, inv.id, { amount_cents: 100, received_on: '2026-03-10' });
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json().error.message).toBe('The date cannot be after today');
    expect((await ctx.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, inv.id))).length).toBe(1);

    const rest = InvoiceSchema.parse((await pay(alice, inv.id, { method: 'bank_transfer', amount_cents: 268_460 })).json());
    expect(rest).toMatchObject({ status: 'paid', totals: { paid_cents: 368_460, balance_cents: 0 } });
  });

  it('two payments at once of the whole balance: one is taken, the other refused', async () => {
    const other = await markSent((await create()).id);
    const results = await Promise.all([pay(alice, other.id, { amount_cents: 368_460 }), pay(bob, other.id, { amount_cents: 368_460 })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(InvoiceSchema.parse((await api(alice, 'GET', `/api/invoices/${other.id}`)).json()).totals.balance_cents).toBe(0);
  });

  it('refunds are for workspace admins, never more than was paid, and reopen the balance', async () => {
    const byMember = await pay(bob, inv.id, { kind: 'refund', amount_cents: 1000 });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.message).toBe(REFUND_ADMIN_ONLY);
    const tooMuch = await pay(alice, inv.id, { kind: 'refund', amount_cents: 368_461 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.message).toBe('A refund cannot be more than what was paid ($3,684.60)');
    const partial = InvoiceSchema.parse((await pay(alice, inv.id, { kind: 'refund', amount_cents: 5000, note: 'Scratched door' })).json());
    expect(partial).toMatchObject({ status: 'partially_paid', totals: { paid_cents: 363_460, balance_cents: 5000 } });
    expect(partial.payments.at(-1)).toMatchObject({ kind: 'refund', amount_cents: 5000, recorded_by: { id: alice.id } });
    const full = InvoiceSchema.parse((await pay(alice, inv.id, { kind: 'refund', amount_cents: 363_460 })).json());
    expect(full.totals).toMatchObject({ paid_cents: 0, balance_cents: 368_460 });
  });

  it('takes no payment on a draft or a void invoice', async () => {
    const draft = await create();
    expect((await pay(alice, draft.id, { amount_cents: 100 })).statusCode).toBe(409);
  });
});

describe('void and reissue', () => {
  it('voids a sent invoice with nothing paid and issues a linked new draft; the void one stays in the history', async () => {
    const inv = await markSent((await create()).id);
    const res = await api(alice, 'POST', `/api/invoices/${inv.id}/void`, { reason: 'Wrong cabinet count', reissue: true });
    expect(res.statusCode, res.body).toBe(200);
    const { invoice, reissued } = VoidedInvoiceSchema.parse(res.json());
    expect(invoice).toMatchObject({ status: 'void', void_reason: 'Wrong cabinet count', replaced_by: { id: reissued!.id, number: reissued!.number } });
    expect(reissued).toMatchObject({ status: 'draft', replaces: { id: inv.id, number: inv.number }, title: inv.title, payment_terms: 'net_15' });
    expect(reissued!.number).not.toBe(inv.number);
    expect(reissued!.items.map((i) => [i.name, i.line_total_cents])).toEqual(inv.items.map((i) => [i.name, i.line_total_cents]));
    expect(reissued!.totals.total_cents).toBe(inv.totals.total_cents);
    const list = InvoiceListSchema.parse((await api(alice, 'GET', `/api/jobs/${jobId}/invoices`)).json());
    expect(list.invoices.find((i) => i.id === inv.id)).toMatchObject({ status: 'void', replaced_by: { id: reissued!.id } });
    // Void is final: no second void, no payment, no edit.
    expect((await api(alice, 'POST', `/api/invoices/${inv.id}/void`, { reissue: true })).statusCode).toBe(409);
    expect((await pay(alice, inv.id, { amount_cents: 100 })).statusCode).toBe(409);
    expect((await api(alice, 'PUT', `/api/invoices/${inv.id}`, BODY)).statusCode).toBe(409);
  });

  it('refuses to void an invoice with money paid on it, and changes nothing', async () => {
    const inv = await markSent((await create()).id);
    await pay(alice, inv.id, { amount_cents: 1000 });
    const res = await api(alice, 'POST', `/api/invoices/${inv.id}/void`, { reissue: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This invoice has $10.00 paid on it: refund the payments before voiding it');
    expect(InvoiceSchema.parse((await api(alice, 'GET', `/api/invoices/${inv.id}`)).json())).toMatchObject({ status: 'partially_paid', replaced_by: null });
    const count = (await ctx.db.select().from(invoices).where(eq(invoices.replacesId, inv.id))).length;
    expect(count).toBe(0);
  });
});

describe('from an approved quote', () => {
  const QUOTE: QuoteBody = {
    title: 'Roof replacement',
    options: [{ name: 'Good' }, { name: 'Better' }],
    items: [
      { name: 'Tear-off', quantity: 24, unit: 'sq', unit_price_cents: 4500, taxable: false },
      { name: '3-tab shingles', quantity: 24, unit: 'sq', unit_price_cents: 9500, option: 0 },
      { name: 'Architectural shingles', quantity: 24, unit: 'sq', unit_price_cents: 12500, option: 1 },
      { name: 'Seamless gutters', quantity: 120.5, unit: 'ft', unit_price_cents: 899, optional: true },
      { name: 'Skylight', quantity: 1, unit: 'ea', unit_price_cents: 90_000, optional: true },
      { name: 'Ridge vent', quantity: 1, unit: 'ea', unit_price_cents: 65_000, optional: true, option: 0 },
    ],
    discount: { type: 'percent', percent: 5 },
    tax_rate_percent: 8.25,
    deposit: { type: 'percent', percent: 30 },
    expires_on: '2026-04-30',
    notes: 'Work starts within two weeks.',
  };

  it('makes a draft of the approved option’s lines and the ticked optional lines, with the quote’s discount and tax', async () => {
    const quote = QuoteSchema.parse((await api(alice, 'POST', `/api/jobs/${jobId}/quotes`, QUOTE)).json());
    // Not approved yet: refused with a clear message, nothing made.
    const early = await api(alice, 'POST', `/api/jobs/${jobId}/invoices/from-quote`, { quote_id: quote.id });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe(QUOTE_NOT_APPROVED_FOR_INVOICE);

    const maria = (await insertContact(ctx.db, { ownerId: alice.id, name: 'Maria', phoneNumber: '5125550199', email: 'maria@example.com' })).id;
    expect((await api(alice, 'POST', `/api/quotes/${quote.id}/send`, { contact_id: maria, methods: ['email'] })).statusCode).toBe(200);
    const gutters = quote.items.find((i) => i.name === 'Seamless gutters')!;
    const approved = await api(alice, 'POST', `/api/quotes/${quote.id}/mark-approved`, { option: 1, optional_item_ids: [gutters.id], approved_by: 'Maria Garcia', method: 'verbal' });
    expect(approved.statusCode, approved.body).toBe(200);
    const approvedTotal = QuoteSchema.parse(approved.json()).approval!.totals.total_cents;

    // Another workspace cannot reach the quote; another job of the workspace is refused.
    expect((await api(eve, 'POST', `/api/jobs/${jobId}/invoices/from-quote`, { quote_id: quote.id })).statusCode).toBe(404);
    expect((await api(alice, 'POST', `/api/jobs/${otherJobId}/invoices/from-quote`, { quote_id: quote.id })).statusCode).toBe(400);

    const res = await api(bob, 'POST', `/api/jobs/${jobId}/invoices/from-quote`, { quote_id: quote.id });
    expect(res.statusCode, res.body).toBe(201);
    const inv = InvoiceSchema.parse(res.json());
    expect(inv.items.map((i) => i.name)).toEqual(['Tear-off', 'Architectural shingles', 'Seamless gutters']);
    expect(inv).toMatchObject({ status: 'draft', quote_id: quote.id, title: 'Roof replacement', tax_rate_percent: 8.25, discount: { type: 'percent', percent: 5 }, notes: 'Work starts within two weeks.' });
    // The same money module: the invoice's total is what the client approved.
    expect(inv.totals.total_cents).toBe(approvedTotal);
  });
});

describe('PDFs', () => {
  it('writes the invoice and a receipt with the embedded font (names in any script), from the invoice as it is now', async () => {
    const inv = await markSent((await create()).id);
    const paid = InvoiceSchema.parse((await pay(bob, inv.id, { method: 'check', check_number: '7781', amount_cents: 68_460 })).json());
    const res = await api(alice, 'GET', `/api/invoices/${inv.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`Invoice ${inv.number}.pdf`);
    const text = await pdfText(res.rawPayload);
    for (const s of ['Żółć Kitchens', 'Nguyễn Thị Hương', 'Łukasz’s oak cabinets', inv.number, 'Due: 2026-03-24', '$3,684.60', 'Balance due', '$3,000.00', 'Check no. 7781']) expect(text).toContain(s);

    const receipt = await api(alice, 'GET', `/api/invoices/${inv.id}/payments/${paid.payments[0]!.id}/receipt`);
    expect(receipt.statusCode).toBe(200);
    const receiptText = await pdfText(receipt.rawPayload);
    for (const s of ['RECEIPT', 'Received $684.60 with thanks', inv.number, 'Check no. 7781', 'Nguyễn Thị Hương', '$3,000.00']) expect(receiptText).toContain(s);
    // A later payment does not change what an earlier receipt says was owed after it.
    await pay(bob, inv.id, { amount_cents: 100_000 });
    const again = await pdfText((await api(alice, 'GET', `/api/invoices/${inv.id}/payments/${paid.payments[0]!.id}/receipt`)).rawPayload);
    expect(again).toContain('$3,000.00');
    expect(again).not.toContain('$2,000.00');
    expect((await api(alice, 'GET', `/api/invoices/${inv.id}/payments/${crypto.randomUUID()}/receipt`)).statusCode).toBe(404);
    expect((await api(eve, 'GET', `/api/invoices/${inv.id}/payments/${paid.payments[0]!.id}/receipt`)).statusCode).toBe(404);
  });
});
