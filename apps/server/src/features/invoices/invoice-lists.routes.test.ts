import { InvoiceSchema, WorkspaceInvoiceListSchema, EXPORT_RANGE_ORDER, type InvoiceBody, type WorkspaceInvoiceList } from '@fieldbook/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceItems, invoicePayments, invoices, workspaces } from '../../db/schema';
import { insertContact, insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { CSV_BATCH } from './invoice-lists';

// The workspace's Invoices screen and the accountant's CSV files (issue 33). A fixed clock: invoices are sent on
// March 1 (and March 20) 2026 in New York, then read on March 20, when two are past their due day.
let clock = new Date('2026-03-01T15:00:00Z');
let ctx: TestContext;
let alice: TestUser; // the workspace's owner (an admin of it: refunds)
let bob: TestUser; // a plain member
let eve: TestUser; // another workspace
let nomad: TestUser; // in no workspace
const ids: Record<string, string> = {};

const api = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });
const body = (title: string, cents: number, terms: InvoiceBody['payment_terms'] = 'due_on_receipt'): InvoiceBody => ({
  title,
  items: [{ name: title, quantity: 1, unit_price_cents: cents, taxable: false }],
  payment_terms: terms,
});
async function invoice(user: TestUser, jobId: string, b: InvoiceBody, send = true) {
  const res = await api(user, 'POST', `/api/jobs/${jobId}/invoices`, b);
  expect(res.statusCode, res.body).toBe(201);
  const made = InvoiceSchema.parse(res.json());
  if (send) expect((await api(user, 'POST', `/api/invoices/${made.id}/mark-sent`)).statusCode).toBe(200);
  return made.id;
}
async function pay(user: TestUser, id: string, b: Record<string, unknown>) {
  const res = await api(user, 'POST', `/api/invoices/${id}/payments`, { method: 'cash', ...b });
  expect(res.statusCode, res.body).toBe(201);
}
const list = async (user: TestUser, q = ''): Promise<WorkspaceInvoiceList> => {
  const res = await api(user, 'GET', `/api/invoices${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return WorkspaceInvoiceListSchema.parse(res.json());
};
const numbers = (l: WorkspaceInvoiceList) => l.invoices.map((i) => i.number);
/** The CSV's rows as cells (RFC 4180 quoting), without the byte-order mark. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const t = text.slice(1);
  for (let k = 0; k < t.length; k++) {
    const c = t[k]!;
    if (quoted && c === '"' && t[k + 1] === '"') {
      cell += '"';
      k++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) cell += c;
    else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && t[k + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      k++;
    } else cell += c;
  }
  return rows;
}

beforeAll(async () => {
  ctx = await createTestApp({}, { now: () => clock });
  alice = await createTestUser(ctx, { email: 'alice@example.com' });
  bob = await createTestUser(ctx, { email: 'bob@example.com', workspaceId: alice.workspaceId });
  eve = await createTestUser(ctx);
  nomad = await createTestUser(ctx, { workspaceId: null });
  await ctx.db.update(workspaces).set({ timeZone: 'America/New_York' }).where(eq(workspaces.id, alice.workspaceId!));
  const kitchen = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Nguyễn Thị Hương', title: 'Kitchen, phase 1' })).id;
  // A job title a spreadsheet would run as a formula: the CSV must defuse it.
  const porch = (await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Acme Homes', title: '=HYPERLINK("http://evil","x")' })).id;
  ids.A = await invoice(alice, kitchen, body('Cabinets', 100_000, 'net_15')); // due March 16: overdue on the 20th, part paid
  ids.B = await invoice(bob, kitchen, body('Counter', 50_000)); // due March 1: overdue, unpaid
  ids.C = await invoice(alice, porch, body('Porch', 30_000, 'net_30')); // due March 31: paid, then partly refunded
  ids.D = await invoice(alice, porch, body('Draft railing', 9_900), false); // a draft
  ids.E = await invoice(alice, porch, body('Voided steps', 12_000));
  expect((await api(alice, 'POST', `/api/invoices/${ids.E}/void`, { reason: 'wrong' })).statusCode).toBe(200);
  clock = new Date('2026-03-20T15:00:00Z');
  ids.F = await invoice(alice, porch, body('Paint', 20_000, 'net_15')); // due April 4: sent
  ids.G = await invoice(alice, kitchen, body('Handles', 10_000)); // paid in full
  await pay(bob, ids.A, { method: 'check', check_number: '1234', amount_cents: 25_000, received_on: '2026-03-05' });
  await pay(alice, ids.C, { amount_cents: 30_000, received_on: '2026-03-10' });
  await pay(alice, ids.C, { kind: 'refund', amount_cents: 5_000, received_on: '2026-03-18', note: '-refund for a scratch' });
  await pay(bob, ids.G, { method: 'bank_transfer', amount_cents: 10_000, received_on: '2026-03-20' });
  // Another workspace's invoice, sent and owed: never in alice's lists, totals or files.
  ids.eve = await invoice(eve, (await insertJob(ctx.db, { workspaceId: eve.workspaceId!, clientName: 'Nguyễn Thị Hương' })).id, body('Eve’s', 77_700));
});
afterAll(() => ctx.close());

describe('GET /api/invoices', () => {
  it('lists every invoice of the workspace, newest first, with client, job, days, money and the status a reader sees', async () => {
    const all = await list(bob); // a plain member may list
    expect(numbers(all)).toEqual(['INV-1007', 'INV-1006', 'INV-1005', 'INV-1004', 'INV-1003', 'INV-1002', 'INV-1001']);
    const by = (n: string) => all.invoices.find((i) => i.number === n)!;
    expect(by('INV-1001')).toMatchObject({ id: ids.A, status: 'overdue', client_name: 'Nguyễn Thị Hương', job_title: 'Kitchen, phase 1', issued_on: '2026-03-01', due_on: '2026-03-16', total_cents: 100_000, paid_cents: 25_000, balance_cents: 75_000 });
    expect(by('INV-1002')).toMatchObject({ status: 'overdue', due_on: '2026-03-01', balance_cents: 50_000 });
    expect(by('INV-1003')).toMatchObject({ status: 'partially_paid', paid_cents: 25_000, balance_cents: 5_000 });
    // A draft has no due day until it is sent, and owes nothing yet.
    expect(by('INV-1004')).toMatchObject({ status: 'draft', issued_on: null, due_on: null, total_cents: 9_900, balance_cents: 0 });
    expect(by('INV-1005')).toMatchObject({ status: 'void', balance_cents: 0 });
    expect(by('INV-1006')).toMatchObject({ status: 'sent', issued_on: '2026-03-20', due_on: '2026-04-04', balance_cents: 20_000 });
    expect(by('INV-1007')).toMatchObject({ status: 'paid', balance_cents: 0 });
    // Outstanding: what sent invoices still owe (A 750 + B 500 + C 50 + F 200); overdue: A and B.
    expect(all.totals).toEqual({ count: 7, outstanding_cents: 150_000, outstanding_count: 4, overdue_cents: 125_000, overdue_count: 2 });
    expect(all.next_before).toBeNull();
  });

  it('filters by status (derived ones too), overdue and client, with the totals for the filter', async () => {
    const cases: [string, string[]][] = [
      ['?status=overdue', ['INV-1002', 'INV-1001']],
      ['?overdue=true', ['INV-1002', 'INV-1001']],
      ['?status=paid', ['INV-1007']],
      ['?status=partially_paid', ['INV-1003']],
      ['?status=sent', ['INV-1006']],
      ['?status=viewed', []],
      ['?status=draft', ['INV-1004']],
      ['?status=void', ['INV-1005']],
      ['?status=sent&overdue=true', []],
    ];
    for (const [q, expected] of cases) expect(numbers(await list(alice, q)), q).toEqual(expected);
    expect((await list(alice, '?overdue=true')).totals).toEqual({ count: 2, outstanding_cents: 125_000, outstanding_count: 2, overdue_cents: 125_000, overdue_count: 2 });
    // The client: a contact of the caller's, matched with the job's client by name (case and spaces aside).
    const contact = await insertContact(ctx.db, { ownerId: alice.id, name: ' nguyễn thị hương ' });
    const hers = await list(alice, `?contact_id=${contact.id}`);
    expect(numbers(hers)).toEqual(['INV-1007', 'INV-1002', 'INV-1001']);
    expect(hers.totals).toMatchObject({ count: 3, outstanding_cents: 125_000, overdue_cents: 125_000 });
    expect(numbers(await list(alice, `?contact_id=${contact.id}&status=paid`))).toEqual(['INV-1007']);
    // Someone else's contact is not found (400 on the field), as is one that does not exist.
    const evesContact = await insertContact(ctx.db, { ownerId: eve.id, name: 'Acme Homes' });
    for (const id of [evesContact.id, crypto.randomUUID()]) {
      const res = await api(alice, 'GET', `/api/invoices?contact_id=${id}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0]).toEqual({ field: 'contact_id', message: 'Contact not found' });
    }
  });

  it('pages by keyset: next_before leads to the next page until the last', async () => {
    const seen: string[] = [];
    let q = '?limit=3';
    for (let pages = 0; pages < 5; pages++) {
      const page = await list(alice, q);
      seen.push(...numbers(page));
      // The totals come with the first page only (they are the same for every page).
      expect(page.totals?.count ?? null).toBe(pages === 0 ? 7 : null);
      if (page.next_before === null) break;
      q = `?limit=3&before=${page.next_before}`;
    }
    expect(seen).toEqual(['INV-1007', 'INV-1006', 'INV-1005', 'INV-1004', 'INV-1003', 'INV-1002', 'INV-1001']);
    expect(numbers(await list(alice, '?status=overdue&limit=1&before=1002'))).toEqual(['INV-1001']);
  });

  it('checks who calls and what is asked: 401, 409 without a workspace, another workspace never listed, 400 for bad filters', async () => {
    expect((await api(null, 'GET', '/api/invoices')).statusCode).toBe(401);
    expect((await api(nomad, 'GET', '/api/invoices')).statusCode).toBe(409);
    const eves = await list(eve);
    expect(eves.invoices.map((i) => i.id)).toEqual([ids.eve]);
    expect(eves.totals?.outstanding_cents).toBe(77_700);
    expect((await list(alice)).invoices.map((i) => i.id)).not.toContain(ids.eve);
    for (const q of ['?status=unpaid', '?overdue=yes', '?limit=0', '?limit=101', '?before=abc', '?contact_id=42']) {
      const res = await api(alice, 'GET', `/api/invoices${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('CSV exports', () => {
  it('invoices: those issued in the range of the workspace’s days, money as decimal dollars, formulas defused', async () => {
    const res = await api(bob, 'GET', '/api/invoice-exports/invoices?from=2026-03-01&to=2026-03-31');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(['Number', 'Client', 'Job', 'Issued', 'Due', 'Status', 'Subtotal', 'Discount', 'Tax', 'Total', 'Paid', 'Refunded', 'Balance']);
    // Drafts have no issue day: not in it. Void ones are, with no balance.
    expect(rows.slice(1).map((r) => r[0])).toEqual(['INV-1001', 'INV-1002', 'INV-1003', 'INV-1005', 'INV-1006', 'INV-1007']);
    expect(rows[1]).toEqual(['INV-1001', 'Nguyễn Thị Hương', 'Kitchen, phase 1', '2026-03-01', '2026-03-16', 'Overdue', '1000.00', '0.00', '0.00', '1000.00', '250.00', '0.00', '750.00']);
    expect(rows[3]).toEqual(['INV-1003', 'Acme Homes', `'=HYPERLINK("http://evil","x")`, '2026-03-01', '2026-03-31', 'Partly paid', '300.00', '0.00', '0.00', '300.00', '300.00', '50.00', '50.00']);
    expect(rows[4]![5]).toBe('Void');
    expect(rows[4]![12]).toBe('0.00');
    // On the wire: the comma'd cell quoted, the formula prefixed and its quotes doubled.
    expect(res.body).toContain(`"Kitchen, phase 1"`);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    // The range is of issue days: March 20 alone holds F and G.
    const day = parseCsv((await api(alice, 'GET', '/api/invoice-exports/invoices?from=2026-03-20&to=2026-03-20')).body);
    expect(day.slice(1).map((r) => r[0])).toEqual(['INV-1006', 'INV-1007']);
    // Another workspace's file holds only its own.
    const eves = parseCsv((await api(eve, 'GET', '/api/invoice-exports/invoices?from=2026-01-01&to=2026-12-31')).body);
    expect(eves.slice(1).map((r) => r[9])).toEqual(['777.00']);
  });

  it('payments and refunds received in the range: who recorded each, refunds negative, check numbers', async () => {
    const res = await api(alice, 'GET', '/api/invoice-exports/payments?from=2026-03-01&to=2026-03-31');
    expect(res.statusCode, res.body).toBe(200);
    const rows = parseCsv(res.body);
    expect(rows).toEqual([
      ['Date', 'Invoice', 'Client', 'Method', 'Check number', 'Amount', 'Kind', 'Recorded by'],
      ['2026-03-05', 'INV-1001', 'Nguyễn Thị Hương', 'Check', '1234', '250.00', 'Payment', 'bob'],
      ['2026-03-10', 'INV-1003', 'Acme Homes', 'Cash', '', '300.00', 'Payment', 'alice'],
      ['2026-03-18', 'INV-1003', 'Acme Homes', 'Cash', '', '-50.00', 'Refund', 'alice'],
      ['2026-03-20', 'INV-1007', 'Nguyễn Thị Hương', 'Bank transfer', '', '100.00', 'Payment', 'bob'],
    ]);
    // Paid online through Stripe (no member recorded it), and one whose recorder's account is gone.
    await ctx.db.insert(invoicePayments).values([
      { invoiceId: ids.F!, workspaceId: alice.workspaceId!, kind: 'payment', method: 'other', amountCents: 1_234, receivedOn: '2026-03-21', onlineMethod: 'card', note: 'Card payment' },
      { invoiceId: ids.F!, workspaceId: alice.workspaceId!, kind: 'payment', method: 'cash', amountCents: 66, receivedOn: '2026-03-22' },
    ]);
    const more = parseCsv((await api(alice, 'GET', '/api/invoice-exports/payments?from=2026-03-21&to=2026-03-22')).body);
    expect(more.slice(1)).toEqual([
      ['2026-03-21', 'INV-1006', 'Acme Homes', 'Other', '', '12.34', 'Payment', 'Online (card)'],
      ['2026-03-22', 'INV-1006', 'Acme Homes', 'Cash', '', '0.66', 'Payment', 'A former member'],
    ]);
    const later = parseCsv((await api(alice, 'GET', '/api/invoice-exports/payments?from=2026-03-06&to=2026-03-19')).body);
    expect(later.slice(1).map((r) => r[0])).toEqual(['2026-03-10', '2026-03-18']);
    expect(parseCsv((await api(eve, 'GET', '/api/invoice-exports/payments?from=2026-03-01&to=2026-03-31')).body)).toHaveLength(1);
  });

  it('refuses a range that is not one, and callers without a workspace', async () => {
    const bad = await api(alice, 'GET', '/api/invoice-exports/invoices?from=2026-03-31&to=2026-03-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0]).toEqual({ field: 'to', message: EXPORT_RANGE_ORDER });
    expect((await api(alice, 'GET', '/api/invoice-exports/payments?from=2026-03-01')).statusCode).toBe(400);
    expect((await api(alice, 'GET', '/api/invoice-exports/payments?from=2026-02-30&to=2026-03-01')).statusCode).toBe(400);
    expect((await api(null, 'GET', '/api/invoice-exports/invoices?from=2026-03-01&to=2026-03-31')).statusCode).toBe(401);
    expect((await api(nomad, 'GET', '/api/invoice-exports/payments?from=2026-03-01&to=2026-03-31')).statusCode).toBe(409);
  });

  it('streams a file of many batches whole: every invoice once, in number order', async () => {
    const big = await createTestUser(ctx);
    const job = await insertJob(ctx.db, { workspaceId: big.workspaceId! });
    const n = CSV_BATCH * 2 + 7;
    await ctx.db.execute(sql`INSERT INTO invoices (workspace_id, job_id, number, sequence, status, title, issued_on, due_on)
      SELECT ${big.workspaceId}::uuid, ${job.id}::uuid, 'INV-' || (1000 + g), 1000 + g, 'sent', 'Bulk', '2026-02-01', '2026-02-01' FROM generate_series(1, ${n}) g`);
    await ctx.db.execute(sql`INSERT INTO invoice_items (invoice_id, workspace_id, position, name, quantity_milli, unit_price_cents)
      SELECT i.id, i.workspace_id, 0, 'Line', 1000, i.sequence FROM invoices i WHERE i.workspace_id = ${big.workspaceId}::uuid`);
    const rows = parseCsv((await api(big, 'GET', '/api/invoice-exports/invoices?from=2026-02-01&to=2026-02-01')).body).slice(1);
    expect(rows).toHaveLength(n);
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: n }, (_, k) => `INV-${1001 + k}`));
    expect(rows.at(-1)![9]).toBe(`${((1000 + n) / 100).toFixed(2)}`);
    expect(await ctx.db.$count(invoiceItems)).toBeGreaterThan(n);
    expect(await ctx.db.$count(invoices, eq(invoices.workspaceId, big.workspaceId!))).toBe(n);
  });
});
