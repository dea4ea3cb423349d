import { screen, waitFor } from '@testing-library/react';
import { INVOICE_LINK_INVALID, invoiceEndpoints, type PublicInvoice } from '@fieldbook/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { PublicInvoiceScreen } from './public-invoice-screen';

afterEach(() => vi.unstubAllGlobals());

// The slot the payments feature fills: shown here by a marker, to prove the page renders it with the link and invoice.
vi.mock('./public-invoice-pay-slot', () => ({
  PublicInvoicePaySlot: ({ token, invoice }: { token: string; invoice: PublicInvoice }) => <div data-testid="pay-slot">{`${invoice.number} ${token.slice(0, 8)}`}</div>,
}));

const TOKEN = `00000000-0000-4000-8000-000000000009.1999999999.${'x'.repeat(43)}`;
const INVOICE: PublicInvoice = {
  number: 'INV-1007',
  title: 'Deck repair',
  status: 'sent',
  company: 'Łukasz Decks',
  job: { title: 'Deck', client_name: 'Maria Garcia', property_address: '12 Oak Street' },
  items: [
    { id: '00000000-0000-4000-8000-000000000101', section: null, name: 'Boards', description: 'Cedar', quantity: 10, unit: 'ea', unit_price_cents: 2500, line_total_cents: 25_000, taxable: false },
    { id: '00000000-0000-4000-8000-000000000102', section: null, name: 'Labour', description: '', quantity: 4, unit: 'h', unit_price_cents: 7500, line_total_cents: 30_000, taxable: false },
  ],
  discount: null,
  tax_rate_percent: 0,
  totals: { subtotal_cents: 55_000, discount_cents: 0, taxable_cents: 0, tax_cents: 0, total_cents: 55_000, paid_cents: 20_000, balance_cents: 35_000 },
  payments: [{ kind: 'payment', method: 'check', online_method: null, amount_cents: 20_000, received_on: '2026-03-09' }],
  issued_on: '2026-03-09',
  due_on: '2026-03-24',
  time_zone: 'America/Chicago',
  notes: 'Thank you.',
  voided_at: null,
  replaced_by: null,
};

describe('PublicInvoiceScreen', () => {
  it('shows the contractor, lines, totals, payments so far, the balance and the due day; downloads the PDF by the link; the pay slot is in place', async () => {
    const api = fakeApi().on(invoiceEndpoints.publicView, INVOICE).on(invoiceEndpoints.publicViewed, { status: 'viewed' });
    renderWithProviders(<PublicInvoiceScreen token={TOKEN} />, { user: null });
    expect(await screen.findByRole('heading', { name: 'Invoice INV-1007' })).toBeTruthy();
    expect(screen.getByText('Łukasz Decks')).toBeTruthy();
    expect(screen.getByText('For Maria Garcia · 12 Oak Street')).toBeTruthy();
    expect(screen.getByText('Boards')).toBeTruthy();
    expect(screen.getByText('10 ea × $25.00 · Cedar')).toBeTruthy();
    expect(screen.getByText('Total')).toBeTruthy();
    expect(screen.getByText('Paid so far')).toBeTruthy();
    expect(screen.getAllByText('$350.00')).toHaveLength(2); // the balance, at the top and under the totals
    // The due day as the workspace wrote it, whatever the reader's zone.
    expect(screen.getByText('Due March 24, 2026')).toBeTruthy();
    expect(screen.getByText('Payment · Check · March 9, 2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(`/api/public/invoices/${TOKEN}/pdf`);
    expect(screen.getByTestId('pay-slot').textContent).toBe('INV-1007 00000000');
    expect(api.problems).toEqual([]);
  });

  it('money paid online says so: "Online (card)" / "Online (bank)", not the stored "Other" / "Bank transfer" (issue 33)', async () => {
    const online: PublicInvoice = {
      ...INVOICE,
      payments: [
        { kind: 'payment', method: 'other', online_method: 'card', amount_cents: 10_000, received_on: '2026-03-09' },
        { kind: 'payment', method: 'bank_transfer', online_method: 'us_bank_account', amount_cents: 10_000, received_on: '2026-03-10' },
      ],
    };
    const api = fakeApi().on(invoiceEndpoints.publicView, online).on(invoiceEndpoints.publicViewed, { status: 'viewed' });
    renderWithProviders(<PublicInvoiceScreen token={TOKEN} />, { user: null });
    expect(await screen.findByText('Payment · Online (card) · March 9, 2026')).toBeTruthy();
    expect(screen.getByText('Payment · Online (bank) · March 10, 2026')).toBeTruthy();
    expect(screen.queryByText(/Other|Bank transfer/)).toBeNull();
    expect(api.problems).toEqual([]);
  });

  it('a sent invoice rendered is a view: told once with the POST (the GET marks nothing)', async () => {
    const api = fakeApi().on(invoiceEndpoints.publicView, INVOICE).on(invoiceEndpoints.publicViewed, { status: 'viewed' });
    renderWithProviders(<PublicInvoiceScreen token={TOKEN} />, { user: null });
    await waitFor(() => expect(api.calls(invoiceEndpoints.publicViewed)).toHaveLength(1));
    await screen.findByRole('heading', { name: 'Invoice INV-1007' });
    expect(api.calls(invoiceEndpoints.publicViewed)).toHaveLength(1);
    expect(api.calls(invoiceEndpoints.publicView)).toHaveLength(1);
  });

  it('overdue says so with the day it was due', async () => {
    fakeApi().on(invoiceEndpoints.publicView, { ...INVOICE, status: 'overdue' }).on(invoiceEndpoints.publicViewed, { status: 'overdue' });
    renderWithProviders(<PublicInvoiceScreen token={TOKEN} />, { user: null });
    expect(await screen.findByText('Overdue: it was due March 24, 2026')).toBeTruthy();
  });

  it('paid: thanks the client and owes nothing; no view is told for a paid invoice', async () => {
    const paid: PublicInvoice = { ...INVOICE, status: 'paid', totals: { ...INVOICE.totals, paid_cents: 55_000, balance_cents: 0 } };
    const api = fakeApi().on(invoiceEndpoints.publicView, paid);
    renderWithProviders(<PublicInvoiceScreen token={TOKEN} />, { user: null });
    expect(await screen.findByText('Paid in full')).toBeTruthy();
    expect(screen.getByText('Thank you! Nothing more is owed on this invoice.')).toBeTruthy();
    expect(api.calls(invoiceEndpoints.publicViewed)).toHaveLength(0);
  });

  it('voided: says so, shows nothing it billed, and points to the invoice issued in its place', async () => {
    const voided: PublicInvoice = { ...INVOICE, status: 'void', items: [], payments: [], notes: '', voided_at: '2026-03-10T15:00:00.000Z', replaced_by: { number: 'INV-1008', link: 'http://localhost/i/next-link' } };
    const api = fakeApi().on(invoiceEndpoints.publicView, voided);
    renderWithProviders(<PublicInvoiceScreen token={TOKEN} />, { user: null });
    expect(await screen.findByText('This invoice was voided')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open invoice INV-1008' }).getAttribute('href')).toBe('http://localhost/i/next-link');
    expect(screen.queryByText('Boards')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download PDF' })).toBeNull();
    expect(screen.queryByTestId('pay-slot')).toBeNull();
    expect(api.calls(invoiceEndpoints.publicViewed)).toHaveLength(0);
  });

  it('a refused link shows the server’s words', async () => {
    fakeApi().on(invoiceEndpoints.publicView, apiError(404, 'NOT_FOUND', INVOICE_LINK_INVALID));
    renderWithProviders(<PublicInvoiceScreen token="nonsense" />, { user: null });
    expect(await screen.findByText('Invoice unavailable')).toBeTruthy();
    expect(screen.getByText(INVOICE_LINK_INVALID)).toBeTruthy();
  });
});
