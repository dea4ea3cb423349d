import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { invoiceEndpoints, paymentEndpoints, paymentScheduleEndpoints, quoteEndpoints, type Invoice, type InvoiceBody, type InvoiceOnlinePayments, type InvoiceSummary, type QuoteList } from '@fieldbook/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { JobInvoices } from './job-invoices';

afterEach(() => vi.unstubAllGlobals());

const JOB = '00000000-0000-4000-8000-000000000001';
const INV = '00000000-0000-4000-8000-000000000002';
const NEW_INV = '00000000-0000-4000-8000-000000000003';
const QUOTE = '00000000-0000-4000-8000-000000000004';
const PAYMENT = '00000000-0000-4000-8000-000000000005';
const ME = '6f1c1d1e-0000-4000-8000-00000000a11c';

/** An invoice as the server answers it, its totals from its lines (no discount or tax) and payments. */
function invoice(over: Partial<Invoice> = {}): Invoice {
  const items = over.items ?? [{ id: '00000000-0000-4000-8000-000000000101', section: null, name: 'Cabinet install', description: '', quantity: 10, unit: 'h', unit_price_cents: 8500, line_total_cents: 85_000, taxable: true }];
  const payments = over.payments ?? [];
  const total = items.reduce((s, i) => s + i.line_total_cents, 0);
  const paid = payments.reduce((s, p) => s + (p.kind === 'payment' ? p.amount_cents : -p.amount_cents), 0);
  return {
    id: INV,
    job_id: JOB,
    number: 'INV-1001',
    status: 'draft',
    title: 'Kitchen remodel',
    payment_terms: 'net_15',
    due_on: '2026-12-20',
    issued_on: null,
    sent_at: null,
    viewed_at: null,
    voided_at: null,
    replaces: null,
    replaced_by: null,
    quote_id: null,
    created_at: '2026-12-05T00:00:00.000Z',
    discount: null,
    tax_rate_percent: 0,
    notes: '',
    void_reason: null,
    sends: [],
    updated_at: '2026-12-05T00:00:00.000Z',
    ...over,
    items,
    payments,
    totals: { subtotal_cents: total, discount_cents: 0, taxable_cents: total, tax_cents: 0, total_cents: total, paid_cents: paid, balance_cents: total - paid },
  };
}
const summary = (i: Invoice): InvoiceSummary => {
  const { items: _i, payments: _p, discount: _d, tax_rate_percent: _t, notes: _n, void_reason: _v, sends: _s, updated_at: _u, ...rest } = i;
  return rest;
};
const noQuotes: QuoteList = { quotes: [], total: 0 };
// The invoice's online payments panel (the payments feature) asks for its own: none here.
const noOnline: InvoiceOnlinePayments = { enabled: false, reason: 'Online payments are off', allow_partial_payments: false, stripe_configured: false, connection: null, can_manage: true, payments: [], credit_cents: 0 };

describe('JobInvoices', () => {
  it('lists the job’s invoices with total, balance due and status; says so when there are none', async () => {
    const sent = invoice({ status: 'partially_paid', issued_on: '2026-12-05', payments: [{ id: PAYMENT, kind: 'payment', method: 'cash', amount_cents: 35_000, received_on: '2026-12-05', check_number: null, note: '', recorded_by: { id: ME, name: 'Crew' }, online_method: null, created_at: '2026-12-05T00:00:00.000Z' }] });
    const api = fakeApi().on(invoiceEndpoints.listForJob, { invoices: [summary(sent)], total: 1 }).on(quoteEndpoints.listForJob, noQuotes);
    renderWithProviders(<JobInvoices jobId={JOB} jobTitle="Kitchen remodel" />);
    const row = await screen.findByRole('button', { name: 'Invoice INV-1001' });
    expect(within(row).getByText('$850.00')).toBeTruthy();
    expect(within(row).getByText('$500.00 due')).toBeTruthy();
    expect(within(row).getByText('Partly paid')).toBeTruthy();
    expect(screen.getByText('Outstanding $500.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Invoice Q-/ })).toBeNull();
    expect(api.problems).toEqual([]);
  });

  it('a draft’s line says Draft, never a due day (it has none until it is sent); a sent one shows its due day', async () => {
    const draft = invoice({ status: 'draft', due_on: '2026-12-20' });
    const sent = invoice({ id: NEW_INV, number: 'INV-1002', status: 'sent', issued_on: '2026-12-05', due_on: '2026-12-20' });
    const api = fakeApi().on(invoiceEndpoints.listForJob, { invoices: [summary(sent), summary(draft)], total: 2 }).on(quoteEndpoints.listForJob, noQuotes);
    renderWithProviders(<JobInvoices jobId={JOB} jobTitle="Kitchen remodel" />);
    const draftRow = await screen.findByRole('button', { name: 'Invoice INV-1001' });
    expect(within(draftRow).getByText(/INV-1001 · Draft: due date set when sent/)).toBeTruthy();
    expect(within(draftRow).queryByText(/due Dec/)).toBeNull();
    expect(within(screen.getByRole('button', { name: 'Invoice INV-1002' })).getByText(/INV-1002 · due Dec 20/)).toBeTruthy();
    // Opened, the draft tells its net-terms due day as what it would be if sent today.
    api.on(invoiceEndpoints.get, draft).on(paymentEndpoints.forInvoice, noOnline);
    await userEvent.click(draftRow);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/INV-1001 · Net 15 · due Dec 20, 2026 if sent today/)).toBeTruthy();
    expect(api.problems).toEqual([]);
  });

  it('New Invoice: typed dollars go to the server as cents, the total shows as typed, then the saved draft opens with Mark Sent', async () => {
    let stored: Invoice | null = null;
    const api = fakeApi()
      .on(paymentEndpoints.forInvoice, noOnline)
      .on(invoiceEndpoints.listForJob, { invoices: [], total: 0 })
      .on(quoteEndpoints.listForJob, noQuotes)
      .on(invoiceEndpoints.create, ({ body }) => {
        const b = body as InvoiceBody;
        stored = invoice({ title: b.title, payment_terms: b.payment_terms!, items: b.items!.map((i, n) => ({ id: `00000000-0000-4000-8000-00000000020${n}`, section: null, name: i.name, description: '', quantity: i.quantity, unit: i.unit ?? '', unit_price_cents: i.unit_price_cents, line_total_cents: Math.round(i.quantity * i.unit_price_cents), taxable: true })) });
        return stored;
      })
      .on(invoiceEndpoints.get, () => stored!)
      .on(invoiceEndpoints.markSent, () => (stored = { ...stored!, status: 'sent', issued_on: '2026-12-05' }));
    renderWithProviders(<JobInvoices jobId={JOB} jobTitle="Kitchen remodel" />);
    expect(await screen.findByText(/No invoices yet/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New Invoice' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Title')).toHaveProperty('value', 'Kitchen remodel');
    // Nothing typed in the line: the contract's messages, nothing sent.
    await userEvent.type(within(dialog).getByLabelText('Unit price ($)'), 'abc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Draft' }));
    expect(await within(dialog).findByText('Each line needs a name')).toBeTruthy();
    expect(within(dialog).getByText('Enter an amount in dollars, e.g. 1,200.50')).toBeTruthy();
    expect(api.calls(invoiceEndpoints.create)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Item 1'), 'Cabinet install');
    await userEvent.clear(within(dialog).getByLabelText('Qty'));
    await userEvent.type(within(dialog).getByLabelText('Qty'), '12.5');
    await userEvent.clear(within(dialog).getByLabelText('Unit price ($)'));
    await userEvent.type(within(dialog).getByLabelText('Unit price ($)'), '85');
    expect(within(dialog).getByText('Total $1,062.50')).toBeTruthy();
    await userEvent.selectOptions(within(dialog).getByLabelText('Payment terms'), 'net_30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(api.calls(invoiceEndpoints.create)).toHaveLength(1));
    expect(api.calls(invoiceEndpoints.create)[0]!.body).toMatchObject({ title: 'Kitchen remodel', payment_terms: 'net_30', items: [{ name: 'Cabinet install', quantity: 12.5, unit_price_cents: 8500 }] });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Mark Sent' }));
    await waitFor(() => expect(api.calls(invoiceEndpoints.markSent)).toHaveLength(1));
    expect(await within(dialog).findByRole('button', { name: 'Record Payment' })).toBeTruthy();
    expect(api.problems).toEqual([]);
  }, 30_000);

  it('From Quote: makes a draft of an approved quote in one click and opens it', async () => {
    const approved = { id: QUOTE, number: 'Q-1004', revision: 1, status: 'approved' as const, title: 'Roof replacement', totals: { subtotal_cents: 1, discount_cents: 0, taxable_cents: 1, tax_cents: 0, total_cents: 1, deposit_cents: 0, balance_cents: 1 }, expires_on: '2026-12-31', first_sent_at: null, sent_at: null, decided_at: null, created_at: '2026-12-01T00:00:00.000Z', job_id: JOB, approved_total_cents: 549_660 };
    const made = invoice({ id: NEW_INV, number: 'INV-1002', title: 'Roof replacement', quote_id: QUOTE });
    const api = fakeApi()
      .on(paymentEndpoints.forInvoice, noOnline)
      .on(invoiceEndpoints.listForJob, { invoices: [], total: 0 })
      .on(quoteEndpoints.listForJob, { quotes: [approved, { ...approved, id: NEW_INV, status: 'sent', number: 'Q-1005' }], total: 2 })
      .on(paymentScheduleEndpoints.listForJob, { schedules: [], quotes: [], can_edit: true })
      .on(invoiceEndpoints.createFromQuote, made)
      .on(invoiceEndpoints.get, made);
    renderWithProviders(<JobInvoices jobId={JOB} jobTitle="Roof" />);
    const button = await screen.findByRole('button', { name: 'Invoice Q-1004' });
    expect(button.getAttribute('title')).toBe('Roof replacement · $5,496.60');
    // Only approved quotes are offered.
    expect(screen.queryByRole('button', { name: 'Invoice Q-1005' })).toBeNull();
    await userEvent.click(button);
    await waitFor(() => expect(api.calls(invoiceEndpoints.createFromQuote)).toHaveLength(1));
    expect(api.calls(invoiceEndpoints.createFromQuote)[0]!.body).toEqual({ quote_id: QUOTE });
    const dialog = await screen.findByRole('dialog', { name: 'Invoice INV-1002' });
    expect(within(dialog).getByRole('button', { name: 'Mark Sent' })).toBeTruthy();
    expect(api.problems).toEqual([]);
  });

  it('a quote billed in parts (a payment schedule) is not offered whole: its parts are invoiced from the schedule (issue 33)', async () => {
    const approved = { id: QUOTE, number: 'Q-1004', revision: 1, status: 'approved' as const, title: 'Roof replacement', totals: { subtotal_cents: 1, discount_cents: 0, taxable_cents: 1, tax_cents: 0, total_cents: 1, deposit_cents: 0, balance_cents: 1 }, expires_on: '2026-12-31', first_sent_at: null, sent_at: null, decided_at: null, created_at: '2026-12-01T00:00:00.000Z', job_id: JOB, approved_total_cents: 100_000 };
    const schedule = { id: NEW_INV, job_id: JOB, quote_id: QUOTE, quote_number: 'Q-1004', quote_title: 'Roof replacement', approved_cents: 100_000, deposit_cents: 0, total_cents: 100_000, over_cents: 0, over_approved: false, updated_at: '2026-12-05T00:00:00.000Z', parts: [] };
    const api = fakeApi()
      .on(invoiceEndpoints.listForJob, { invoices: [], total: 0 })
      .on(quoteEndpoints.listForJob, { quotes: [approved], total: 1 })
      .on(paymentScheduleEndpoints.listForJob, { schedules: [schedule], quotes: [], can_edit: true });
    renderWithProviders(<JobInvoices jobId={JOB} jobTitle="Roof" />);
    await waitFor(() => expect(api.calls(paymentScheduleEndpoints.listForJob)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'New Invoice' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Invoice Q-1004' })).toBeNull());
    expect(api.problems).toEqual([]);
  });

  it('a quote already invoiced is not offered again in one click (a second draft of the whole amount, without the deposit); once that invoice is void it is', async () => {
    const approved = { id: QUOTE, number: 'Q-1004', revision: 1, status: 'approved' as const, title: 'Roof replacement', totals: { subtotal_cents: 1, discount_cents: 0, taxable_cents: 1, tax_cents: 0, total_cents: 1, deposit_cents: 0, balance_cents: 1 }, expires_on: '2026-12-31', first_sent_at: null, sent_at: null, decided_at: null, created_at: '2026-12-01T00:00:00.000Z', job_id: JOB, approved_total_cents: 100_000 };
    const made = invoice({ status: 'sent', issued_on: '2026-12-05', quote_id: QUOTE });
    const api = fakeApi()
      .on(invoiceEndpoints.listForJob, { invoices: [summary(made)], total: 1 })
      .on(quoteEndpoints.listForJob, { quotes: [approved], total: 1 })
      .on(paymentScheduleEndpoints.listForJob, { schedules: [], quotes: [], can_edit: true });
    const { unmount } = renderWithProviders(<JobInvoices jobId={JOB} jobTitle="Roof" />);
    await screen.findByRole('button', { name: 'Invoice INV-1001' });
    await waitFor(() => expect(api.calls(paymentScheduleEndpoints.listForJob)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Invoice Q-1004' })).toBeNull();
    expect(api.problems).toEqual([]);
    unmount();

    const later = fakeApi()
      .on(invoiceEndpoints.listForJob, { invoices: [summary({ ...made, status: 'void', voided_at: '2026-12-06T00:00:00.000Z' })], total: 1 })
      .on(quoteEndpoints.listForJob, { quotes: [approved], total: 1 })
      .on(paymentScheduleEndpoints.listForJob, { schedules: [], quotes: [], can_edit: true });
    renderWithProviders(<JobInvoices jobId={JOB} jobTitle="Roof" />);
    expect(await screen.findByRole('button', { name: 'Invoice Q-1004' })).toBeTruthy();
    expect(later.problems).toEqual([]);
  });

  it('a paid invoice’s line says Paid, not “$0.00 due”', async () => {
    const cash = { id: PAYMENT, kind: 'payment' as const, method: 'cash' as const, amount_cents: 85_000, received_on: '2026-12-05', check_number: null, note: '', recorded_by: { id: ME, name: 'Crew' }, online_method: null, created_at: '2026-12-05T00:00:00.000Z' };
    const paid = invoice({ status: 'paid', issued_on: '2026-12-05', payments: [cash] });
    const api = fakeApi().on(invoiceEndpoints.listForJob, { invoices: [summary(paid)], total: 1 }).on(quoteEndpoints.listForJob, noQuotes);
    renderWithProviders(<JobInvoices jobId={JOB} jobTitle="Kitchen remodel" />);
    const row = await screen.findByRole('button', { name: 'Invoice INV-1001' });
    expect(within(row).getByText('Paid')).toBeTruthy();
    expect(within(row).queryByText(/due$/)).toBeNull();
    expect(api.problems).toEqual([]);
  });

  it('records a check payment (its number required) and shows the balance; the server’s refusal is shown', async () => {
    let stored = invoice({ status: 'sent', issued_on: '2026-12-05' });
    const api = fakeApi()
      .on(paymentEndpoints.forInvoice, noOnline)
      .on(invoiceEndpoints.listForJob, () => ({ invoices: [summary(stored)], total: 1 }))
      .on(quoteEndpoints.listForJob, noQuotes)
      .on(invoiceEndpoints.get, () => stored)
      .on(invoiceEndpoints.recordPayment, apiError(400, 'VALIDATION_ERROR', 'The payment is more than the balance due ($850.00)', [{ field: 'amount_cents', message: 'The payment is more than the balance due ($850.00)' }]), ({ body }) => {
        stored = invoice({ ...stored, status: 'partially_paid', payments: [{ id: PAYMENT, kind: 'payment', method: body.method, amount_cents: body.amount_cents, received_on: body.received_on, check_number: body.check_number || null, note: body.note, recorded_by: { id: ME, name: 'Crew Member' }, online_method: null, created_at: '2026-12-05T00:00:00.000Z' }] });
        return stored;
      });
    renderWithProviders(<JobInvoices jobId={JOB} jobTitle="Kitchen remodel" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Invoice INV-1001' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Record Payment' }));
    expect(within(dialog).getByLabelText('Amount ($)')).toHaveProperty('value', '850.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Payment' }));
    expect(await within(dialog).findByText('Enter the check number')).toBeTruthy();
    expect(api.calls(invoiceEndpoints.recordPayment)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Check number'), '1042');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Payment' }));
    expect(await within(dialog).findByText('The payment is more than the balance due ($850.00)')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('Amount ($)'));
    await userEvent.type(within(dialog).getByLabelText('Amount ($)'), '300');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Payment' }));
    await waitFor(() => expect(api.calls(invoiceEndpoints.recordPayment)).toHaveLength(2));
    expect(api.calls(invoiceEndpoints.recordPayment)[1]!.body).toMatchObject({ kind: 'payment', method: 'check', check_number: '1042', amount_cents: 30_000 });
    expect(await within(dialog).findByText(/Recorded by Crew Member/)).toBeTruthy();
    expect(within(dialog).getByText('$550.00')).toBeTruthy();
    expect(within(dialog).getByText('Partly paid')).toBeTruthy();
    expect(api.problems).toEqual([]);
  }, 30_000);

  it('Void and Reissue: voids the sent invoice and opens the new draft that replaces it', async () => {
    const sent = invoice({ status: 'sent', issued_on: '2026-12-05' });
    const reissued = invoice({ id: NEW_INV, number: 'INV-1002', replaces: { id: INV, number: 'INV-1001' } });
    const api = fakeApi()
      .on(paymentEndpoints.forInvoice, noOnline)
      .on(invoiceEndpoints.listForJob, { invoices: [summary(sent)], total: 1 })
      .on(quoteEndpoints.listForJob, noQuotes)
      .on(invoiceEndpoints.get, ({ params }) => (params.id === NEW_INV ? reissued : sent))
      .on(invoiceEndpoints.void, { invoice: { ...sent, status: 'void', replaced_by: { id: NEW_INV, number: 'INV-1002' } }, reissued });
    renderWithProviders(<JobInvoices jobId={JOB} jobTitle="Kitchen remodel" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Invoice INV-1001' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Void' }));
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), 'Wrong count');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void and Reissue' }));
    await waitFor(() => expect(api.calls(invoiceEndpoints.void)).toHaveLength(1));
    expect(api.calls(invoiceEndpoints.void)[0]!.body).toEqual({ reason: 'Wrong count', reissue: true });
    expect(await screen.findByRole('button', { name: 'Issued in place of INV-1001 (void)' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Invoice INV-1002' })).toBeTruthy();
    expect(api.problems).toEqual([]);
  }, 20_000);
});
