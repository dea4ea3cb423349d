import { contactEndpoints, invoiceListEndpoints, type Contact, type InvoiceListRow, type WorkspaceInvoiceList } from '@fieldbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, type FakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { InvoicesScreen } from './invoices-screen';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const JOB = uuid(900);
const ME = uuid(901);

function row(n: number, over: Partial<InvoiceListRow> = {}): InvoiceListRow {
  return {
    id: uuid(n),
    job_id: JOB,
    number: `INV-${1000 + n}`,
    title: 'Kitchen',
    status: 'sent',
    client_name: 'Maria Garcia',
    job_title: 'Kitchen remodel',
    issued_on: '2026-03-01',
    due_on: '2026-03-16',
    total_cents: 100_000,
    paid_cents: 0,
    balance_cents: 100_000,
    created_at: '2026-03-01T15:00:00.000Z',
    ...over,
  };
}
const TOTALS = { count: 3, outstanding_cents: 150_000, outstanding_count: 2, overdue_cents: 75_000, overdue_count: 1 };
const FIRST: WorkspaceInvoiceList = {
  invoices: [
    row(3, { status: 'draft', issued_on: null, due_on: null, total_cents: 9_900, balance_cents: 0, client_name: 'Acme Homes' }),
    row(2, { status: 'overdue', total_cents: 100_000, paid_cents: 25_000, balance_cents: 75_000 }),
  ],
  next_before: 1002,
  totals: TOTALS,
};
const SECOND: WorkspaceInvoiceList = { invoices: [row(1, { status: 'paid', paid_cents: 100_000, balance_cents: 0 })], next_before: null, totals: TOTALS };
const MARIA: Contact = {
  id: uuid(50),
  owner_id: ME,
  name: 'Maria Garcia',
  phone_number: '(555) 555-0100',
  phone: '5555550100',
  email: null,
  notes: null,
  role: null,
  email_opt_in: true,
  sms_opt_in: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  shared_by: null,
  shared_group_ids: [],
};

let api: FakeApi;
const listQueries = () => api.calls(invoiceListEndpoints.list).map((c) => c.query);

beforeEach(() => {
  api = fakeApi()
    .on(invoiceListEndpoints.list, ({ query }) => {
      if (query.before === 1002) return SECOND;
      if (query.status || query.overdue || query.contact_id) return { invoices: [], next_before: null, totals: { count: 0, outstanding_cents: 0, outstanding_count: 0, overdue_cents: 0, overdue_count: 0 } };
      return FIRST;
    })
    .on(contactEndpoints.list, { contacts: [MARIA], total: 1 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('InvoicesScreen', () => {
  it('shows the totals, each invoice with client, job, days, money and status, each opening on its job; Show more follows the keyset', async () => {
    renderWithProviders(<InvoicesScreen />, { route: '/invoices' });
    const outstanding = await screen.findByLabelText('Outstanding');
    await waitFor(() => expect(within(outstanding).getByText('$1,500.00')).toBeTruthy());
    expect(within(outstanding).getByText('2 invoices')).toBeTruthy();
    expect(within(screen.getByLabelText('Overdue')).getByText('$750.00')).toBeTruthy();
    expect(within(screen.getByLabelText('Overdue')).getByText('1 invoice')).toBeTruthy();

    const rows = await screen.findAllByTestId('invoice-row');
    expect(rows).toHaveLength(2);
    const draft = rows[0]!;
    expect(within(draft).getByText('INV-1003')).toBeTruthy();
    expect(within(draft).getByText('Acme Homes')).toBeTruthy();
    // A draft has no due day: it says Draft (the column and the badge).
    expect(within(draft).getAllByText('Draft')).toHaveLength(2);
    const overdue = rows[1]!;
    expect(within(overdue).getByText('Mar 1, 2026')).toBeTruthy();
    expect(within(overdue).getByText('Mar 16, 2026')).toBeTruthy();
    expect(within(overdue).getByText('$1,000.00')).toBeTruthy();
    expect(within(overdue).getByText('$750.00')).toBeTruthy();
    expect(within(overdue).getByText('Overdue')).toBeTruthy();
    expect(within(overdue).getByText('Kitchen remodel')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open invoice INV-1002' }).getAttribute('href')).toBe(`/jobs/${JOB}?invoice=${uuid(2)}`);

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('invoice-row')).toHaveLength(3));
    expect(within(screen.getAllByTestId('invoice-row')[2]!).getByText('Paid')).toBeTruthy();
    expect(listQueries().at(-1)).toMatchObject({ before: 1002 });
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(api.problems).toEqual([]);
  });

  it('asks the server with the filters: status, overdue only, client; says when nothing matches', async () => {
    const user = userEvent.setup();
    renderWithProviders(<InvoicesScreen />, { route: '/invoices' });
    await screen.findAllByTestId('invoice-row');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Partly paid', hidden: true }));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ status: 'partially_paid', overdue: false }));
    expect(await screen.findByText('No invoices match these filters.')).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: 'Overdue only' }));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ status: 'partially_paid', overdue: true }));

    const client = screen.getByRole('combobox', { name: 'Client' });
    await user.click(client);
    await user.type(client, 'Mar');
    // The contacts are searched on the server with what was typed.
    await waitFor(() => expect(api.calls(contactEndpoints.list).some((c) => c.query.q === 'Mar')).toBe(true));
    await user.click(await screen.findByRole('option', { name: 'Maria Garcia', hidden: true }));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ contact_id: MARIA.id, overdue: true, status: 'partially_paid' }));
    expect(api.problems).toEqual([]);
  }, 20_000);

  it('downloads the invoices and payments CSV for the chosen days; a reversed range is refused before asking', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:csv');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    api
      .on(invoiceListEndpoints.exportInvoices, () => new Response('\uFEFFNumber\r\n', { headers: { 'content-type': 'text/csv' } }))
      .on(invoiceListEndpoints.exportPayments, apiError(400, 'VALIDATION_ERROR', 'Choose at most 3 years at a time'));
    renderWithProviders(<InvoicesScreen />, { route: '/invoices' });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export for your accountant' });
    const first = within(dialog).getByLabelText('First day');
    const last = within(dialog).getByLabelText('Last day');
    await user.clear(first);
    await user.type(first, '2026-03-31');
    await user.clear(last);
    await user.type(last, '2026-03-01');
    expect(within(dialog).getByText('The first day must not be after the last day')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Invoices CSV' }).hasAttribute('disabled')).toBe(true);

    await user.clear(first);
    await user.type(first, '2026-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Invoices CSV' }));
    await waitFor(() => expect(saved).toEqual(['invoices 2026-01-01 to 2026-03-01.csv']));
    expect(api.calls(invoiceListEndpoints.exportInvoices)[0]?.query).toEqual({ from: '2026-01-01', to: '2026-03-01' });

    await user.click(within(dialog).getByRole('button', { name: 'Payments CSV' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Choose at most 3 years at a time');
    expect(saved).toHaveLength(1);
    expect(api.problems).toEqual([]);
  }, 20_000);

  it('on a 390 px phone each invoice is a card (no wide table) that opens it on its job', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, onchange: null, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, dispatchEvent: () => false }));
    renderWithProviders(<InvoicesScreen />, { route: '/invoices' });
    const cards = await screen.findAllByTestId('invoice-row');
    expect(screen.queryByRole('table')).toBeNull();
    expect(cards[1]!.tagName).toBe('A');
    expect(cards[1]!.getAttribute('href')).toBe(`/jobs/${JOB}?invoice=${uuid(2)}`);
    expect(within(cards[1]!).getByText('INV-1002 · Maria Garcia')).toBeTruthy();
    expect(within(cards[1]!).getByText('$750.00 due')).toBeTruthy();
    expect(within(cards[1]!).getByText('Issued Mar 1, 2026 · Due Mar 16, 2026')).toBeTruthy();
    expect(within(cards[0]!).getByText('Draft: not sent yet')).toBeTruthy();
  });

  it('a failed load says so, with Retry', async () => {
    api.on(invoiceListEndpoints.list, apiError(500, 'INTERNAL', 'Server is down'));
    renderWithProviders(<InvoicesScreen />, { route: '/invoices' });
    expect(await screen.findByText(/Failed to load invoices/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeTruthy();
  });
});
