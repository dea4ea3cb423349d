import { screen, waitFor } from '@testing-library/react';
import { paymentEndpoints, type OnlinePayment, type Quote, type QuoteDepositPayments } from '@fieldbook/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { QuoteView } from './quote-view';

// Issue 33, seen in the payments walk: the client paid the deposit on approval, and the contractor's approved quote
// still said only "deposit due $1,104.15" — nothing showed it paid until the invoice was made. The approval now says.

afterEach(() => vi.unstubAllGlobals());

const QUOTE_ID = '00000000-0000-4000-8000-000000000002';
const totals = { subtotal_cents: 340_000, discount_cents: 0, taxable_cents: 340_000, tax_cents: 28_050, total_cents: 368_050, deposit_cents: 110_415, balance_cents: 257_635 };
function approved(depositCents = totals.deposit_cents): Quote {
  const t = { ...totals, deposit_cents: depositCents, balance_cents: totals.total_cents - depositCents };
  return {
    id: QUOTE_ID,
    number: 'Q-1001',
    revision: 1,
    status: 'approved',
    title: 'Roof replacement',
    items: [{ id: '00000000-0000-4000-8000-000000000101', section: null, name: 'Shingles', description: '', quantity: 20, unit: 'sq', unit_price_cents: 17_000, line_total_cents: 340_000, taxable: true, optional: false, option: null }],
    options: [],
    totals: t,
    discount: null,
    tax_rate_percent: 8.25,
    deposit: depositCents > 0 ? { type: 'percent', percent: 30 } : null,
    expires_on: '2027-01-04',
    notes: '',
    terms: '',
    job_id: '00000000-0000-4000-8000-000000000001',
    first_sent_at: '2026-12-05T10:00:00.000Z',
    sent_at: '2026-12-05T10:00:00.000Z',
    viewed_at: null,
    decided_at: '2026-12-05T10:05:00.000Z',
    decline_reason: null,
    withdrawn_at: null,
    superseded_by: null,
    draft_revision_id: null,
    approval: { signer_name: 'Maria Garcia', option: null, optional_item_ids: [], totals: t, approved_at: '2026-12-05T10:05:00.000Z', ip_address: '127.0.0.1', user_agent: 'Phone', fingerprint: 'f'.repeat(64), document_id: null, pdf_status: 'pending' },
    created_at: '2026-12-05T09:00:00.000Z',
    updated_at: '2026-12-05T10:05:00.000Z',
  };
}
const deposit = (over: Partial<OnlinePayment> = {}): OnlinePayment => ({
  id: '00000000-0000-4000-8000-000000000021',
  purpose: 'deposit',
  invoice_id: null,
  quote_id: QUOTE_ID,
  amount_cents: 110_415,
  method: 'card',
  status: 'succeeded',
  refunded_cents: 0,
  failure_message: null,
  invoice_payment_id: null,
  paid_at: '2026-12-05T10:06:00.000Z',
  created_at: '2026-12-05T10:05:30.000Z',
  ...over,
});
const state = (over: Partial<QuoteDepositPayments>): QuoteDepositPayments => ({ deposit_cents: 110_415, status: 'unpaid', last_failed: false, payments: [], ...over });

describe('QuoteView: the deposit the client paid online', () => {
  it('paid by card: says so, with the amount, and that it is credited to the first invoice', async () => {
    const api = fakeApi().on(paymentEndpoints.forQuoteDeposit, state({ status: 'paid', payments: [deposit()] }));
    renderWithProviders(<QuoteView quote={approved()} />);
    expect(await screen.findByText(/^Deposit paid online by card: \$1,104\.15 on .*\. It is credited to the quote’s first invoice\.$/)).toBeTruthy();
    expect(api.calls(paymentEndpoints.forQuoteDeposit)[0]!.url.pathname).toBe(`/api/quotes/${QUOTE_ID}/deposit-payments`);
    expect(api.problems).toEqual([]);
  });

  it('a bank payment processing is not paid; a failed one says nothing was paid; none paid online adds nothing (a workspace without online payments collects it by hand)', async () => {
    let api = fakeApi().on(paymentEndpoints.forQuoteDeposit, state({ status: 'processing', payments: [deposit({ status: 'processing', method: 'us_bank_account', paid_at: null })] }));
    const { unmount } = renderWithProviders(<QuoteView quote={approved()} />);
    expect(await screen.findByText(/^Deposit of \$1,104\.15 processing: the client paid by bank/)).toBeTruthy();
    expect(screen.queryByText(/Deposit paid/)).toBeNull();
    expect(api.problems).toEqual([]);
    unmount();

    api = fakeApi().on(paymentEndpoints.forQuoteDeposit, state({ last_failed: true, payments: [deposit({ status: 'failed', method: 'us_bank_account', paid_at: null })] }));
    const second = renderWithProviders(<QuoteView quote={approved()} />);
    expect(await screen.findByText(/^The client’s bank payment of the deposit failed: nothing was paid\./)).toBeTruthy();
    expect(api.problems).toEqual([]);
    second.unmount();

    api = fakeApi().on(paymentEndpoints.forQuoteDeposit, state({}));
    renderWithProviders(<QuoteView quote={approved()} />);
    await waitFor(() => expect(api.calls(paymentEndpoints.forQuoteDeposit)).toHaveLength(1));
    expect(screen.getByText(/deposit due \$1,104\.15/)).toBeTruthy();
    expect(screen.queryByText(/Deposit paid|processing|failed|not paid/)).toBeNull();
    expect(api.problems).toEqual([]);
  });

  it('no deposit on the approval: nothing is asked', async () => {
    const api = fakeApi();
    renderWithProviders(<QuoteView quote={approved(0)} />);
    expect(await screen.findByText(/Approved by Maria Garcia/)).toBeTruthy();
    await waitFor(() => expect(api.calls(paymentEndpoints.forQuoteDeposit)).toHaveLength(0));
    expect(api.problems).toEqual([]);
  });
});
