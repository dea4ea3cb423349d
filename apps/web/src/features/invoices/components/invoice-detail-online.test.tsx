import { screen, waitFor } from '@testing-library/react';
import { paymentEndpoints, type Invoice, type InvoicePayment } from '@fieldbook/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { InvoiceDetail } from './invoice-detail';

// Issue 33 review: a payment the client made online is theirs through Stripe — never "Recorded by A former member" —
// and the invoice's Refund (money given back by hand) is not offered for it: online money goes back through Stripe.

afterEach(() => vi.unstubAllGlobals());

const INV = '00000000-0000-4000-8000-000000000002';
const row = (over: Partial<InvoicePayment>): InvoicePayment => ({
  id: '00000000-0000-4000-8000-000000000005',
  kind: 'payment',
  method: 'other',
  amount_cents: 85_000,
  received_on: '2026-12-05',
  check_number: null,
  note: 'Paid online by card through Stripe (pi_test_1)',
  recorded_by: { id: null, name: 'A former member' },
  online_method: 'card',
  created_at: '2026-12-05T00:00:00.000Z',
  ...over,
});
function invoice(payments: InvoicePayment[]): Invoice {
  const paid = payments.reduce((s, p) => s + (p.kind === 'payment' ? p.amount_cents : -p.amount_cents), 0);
  return {
    id: INV,
    job_id: '00000000-0000-4000-8000-000000000001',
    number: 'INV-1001',
    status: paid >= 85_000 ? 'paid' : 'partially_paid',
    title: 'Kitchen remodel',
    payment_terms: 'net_15',
    due_on: '2026-12-20',
    issued_on: '2026-12-05',
    sent_at: '2026-12-05T00:00:00.000Z',
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
    items: [{ id: '00000000-0000-4000-8000-000000000101', section: null, name: 'Cabinet install', description: '', quantity: 10, unit: 'h', unit_price_cents: 8500, line_total_cents: 85_000, taxable: true }],
    payments,
    totals: { subtotal_cents: 85_000, discount_cents: 0, taxable_cents: 85_000, tax_cents: 0, total_cents: 85_000, paid_cents: paid, balance_cents: Math.max(0, 85_000 - paid) },
  };
}
const noOnline = { enabled: true, reason: null, allow_partial_payments: false, stripe_configured: true, connection: null, can_manage: true, payments: [], credit_cents: 0 };
const show = (inv: Invoice) => renderWithProviders(<InvoiceDetail invoice={inv} onEdit={() => {}} onOpen={() => {}} onClosed={() => {}} />);

describe('InvoiceDetail: payments made online', () => {
  it('says "Online (card)" / "Online (bank)" — not the stored "Other" or "Bank transfer" — never a former member, and no Refund by hand for online money', async () => {
    const api = fakeApi().on(paymentEndpoints.forInvoice, noOnline);
    show(invoice([row({}), row({ id: '00000000-0000-4000-8000-000000000006', method: 'bank_transfer', online_method: 'us_bank_account', amount_cents: 1_000, note: '' })]));
    expect(await screen.findByText(/^Payment · Online \(card\) · /)).toBeTruthy();
    expect(screen.getByText(/^Payment · Online \(bank\) · /)).toBeTruthy();
    expect(screen.queryByText(/Other|Bank transfer/)).toBeNull();
    // The server's note says where the money came from; without one, the byline says it was paid online.
    expect(screen.getByText('Paid online by card through Stripe (pi_test_1)')).toBeTruthy();
    expect(screen.getByText('Paid online (bank)')).toBeTruthy();
    expect(screen.queryByText(/former member/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    await waitFor(() => expect(api.calls(paymentEndpoints.forInvoice)).toHaveLength(1));
  });

  it('money recorded by hand keeps its member and its Refund', async () => {
    fakeApi().on(paymentEndpoints.forInvoice, noOnline);
    show(invoice([row({ method: 'cash', online_method: null, note: '', recorded_by: { id: '6f1c1d1e-0000-4000-8000-00000000a11c', name: 'Crew Member' }, amount_cents: 20_000 })]));
    expect(await screen.findByText(/Recorded by Crew Member/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refund' })).toBeTruthy();
  });
});
