import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { invoiceEndpoints, ONLINE_REFUND_NOT_PAID, PAYMENTS_NOT_CONFIGURED, PAYMENTS_NOT_CONNECTED, paymentEndpoints, type InvoiceOnlinePayments as Online, type OnlinePayment } from '@fieldbook/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { InvoiceOnlinePayments } from './invoice-online-payments';
import { PayDeposit } from './pay-deposit';

// Leaving for Stripe's page is location.assign: caught here, not followed (a stubbed location: this file runs isolated).
const assign = vi.fn();
const stubLocation = (search = '') => vi.stubGlobal('location', { assign, search, href: `http://localhost/${search}`, origin: 'http://localhost', pathname: '/' });
beforeEach(() => stubLocation());
afterEach(() => {
  vi.unstubAllGlobals();
  assign.mockReset();
});

const TOKEN = '00000000-0000-4000-8000-000000000009.1999999999.abc';
const INVOICE = '00000000-0000-4000-8000-000000000002';
const ROW = '00000000-0000-4000-8000-000000000031';
const payment = (over: Partial<OnlinePayment> = {}): OnlinePayment => ({
  id: '00000000-0000-4000-8000-000000000021',
  purpose: 'invoice',
  invoice_id: INVOICE,
  quote_id: null,
  amount_cents: 50_000,
  method: 'card',
  status: 'succeeded',
  refunded_cents: 0,
  failure_message: null,
  invoice_payment_id: ROW,
  paid_at: '2026-12-05T10:00:00.000Z',
  created_at: '2026-12-05T09:59:00.000Z',
  ...over,
});
const online = (payments: OnlinePayment[], over: Partial<Online> = {}): Online => ({ enabled: true, reason: null, allow_partial_payments: false, stripe_configured: true, connection: { account_id: 'acct_test_1', charges_enabled: true, details_submitted: true, payouts_enabled: true }, can_manage: true, credit_cents: 0, payments, ...over });

describe('PayDeposit (the approved quote’s page)', () => {
  it('offers the approved deposit and sends the browser to Stripe', async () => {
    const api = fakeApi()
      .on(paymentEndpoints.publicDeposit, { available: true, reason: null, deposit_cents: 358_020, status: 'unpaid', last_failed: false })
      .on(paymentEndpoints.publicDepositCheckout, { url: 'https://checkout.stripe.test/pay/cs_9' });
    renderWithProviders(<PayDeposit token={TOKEN} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay deposit $3,580.20' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/pay/cs_9'));
    expect(api.calls(paymentEndpoints.publicDepositCheckout)).toHaveLength(1);
    expect(api.problems).toEqual([]);
  });

  it('paid: says so and offers nothing; processing: not paid yet; no deposit: nothing at all', async () => {
    fakeApi().on(paymentEndpoints.publicDeposit, { available: false, reason: null, deposit_cents: 358_020, status: 'paid', last_failed: false });
    const first = renderWithProviders(<PayDeposit token={TOKEN} />);
    expect(await screen.findByText('Deposit paid')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    first.unmount();
    fakeApi().on(paymentEndpoints.publicDeposit, { available: false, reason: null, deposit_cents: 358_020, status: 'processing', last_failed: false });
    const second = renderWithProviders(<PayDeposit token={TOKEN} />);
    expect(await screen.findByText('Deposit processing')).toBeTruthy();
    second.unmount();
    const api = fakeApi().on(paymentEndpoints.publicDeposit, { available: false, reason: null, deposit_cents: 0, status: 'none', last_failed: false });
    renderWithProviders(<PayDeposit token={TOKEN} />);
    await waitFor(() => expect(api.calls(paymentEndpoints.publicDeposit)).toHaveLength(1));
    expect(screen.queryByText(/Deposit/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('InvoiceOnlinePayments (the contractor’s invoice)', () => {
  it('shows each online payment’s state — a failed bank payment as failed, never paid', async () => {
    fakeApi().on(
      paymentEndpoints.forInvoice,
      online([
        payment({ id: '00000000-0000-4000-8000-000000000022', method: 'us_bank_account', status: 'failed', invoice_payment_id: null, paid_at: null, failure_message: 'The bank payment failed: nothing was paid' }),
        payment({ id: '00000000-0000-4000-8000-000000000023', method: 'us_bank_account', status: 'processing', invoice_payment_id: null, paid_at: null }),
        payment(),
      ]),
    );
    renderWithProviders(<InvoiceOnlinePayments invoiceId={INVOICE} paymentIds={[ROW]} />);
    const panel = await screen.findByTestId('online-payments');
    const cards = within(panel).getAllByText(/\$500\.00/).map((el) => el.closest('.mantine-Paper-root') as HTMLElement);
    expect(within(cards[0]!).getByText('Failed')).toBeTruthy();
    expect(within(cards[0]!).getByText('The bank payment failed: nothing was paid')).toBeTruthy();
    expect(within(cards[0]!).queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(within(cards[1]!).getByText('Processing')).toBeTruthy();
    expect(within(cards[2]!).getByText('Paid')).toBeTruthy();
    expect(within(cards[2]!).getByText(/Card/)).toBeTruthy();
    // The invoice's own Refund records money given back by hand: an online payment is refunded here.
    expect(within(panel).getByText(/Refund an online payment here, through Stripe/)).toBeTruthy();
  });

  it('refunds through Stripe: the amount as cents; the server’s refusal is shown', async () => {
    const api = fakeApi()
      .on(paymentEndpoints.forInvoice, online([payment()]))
      .on(paymentEndpoints.refund, apiError(409, 'CONFLICT', ONLINE_REFUND_NOT_PAID), payment({ refunded_cents: 12_500 }));
    renderWithProviders(<InvoiceOnlinePayments invoiceId={INVOICE} paymentIds={[ROW]} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    const amount = screen.getByLabelText('Refund amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '125');
    await userEvent.click(screen.getByRole('button', { name: 'Refund $125.00 through Stripe' }));
    expect(await screen.findByText(ONLINE_REFUND_NOT_PAID)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Refund $125.00 through Stripe' }));
    await waitFor(() => expect(api.calls(paymentEndpoints.refund)).toHaveLength(2));
    expect(api.calls(paymentEndpoints.refund)[1]?.body).toEqual({ amount_cents: 12_500 });
  });

  it('without Stripe: says why, offers no settings', async () => {
    fakeApi().on(paymentEndpoints.forInvoice, online([], { enabled: false, reason: PAYMENTS_NOT_CONFIGURED }));
    renderWithProviders(<InvoiceOnlinePayments invoiceId={INVOICE} paymentIds={[]} />);
    expect(await screen.findByText(PAYMENTS_NOT_CONFIGURED)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('a deposit credited to this invoice that the invoice does not show yet makes the invoice stale (asked again)', async () => {
    const api = fakeApi().on(paymentEndpoints.forInvoice, online([payment({ purpose: 'deposit', quote_id: '00000000-0000-4000-8000-000000000041' })])).on(invoiceEndpoints.get, apiError(404, 'NOT_FOUND', 'x'));
    const { queryClient } = renderWithProviders(<InvoiceOnlinePayments invoiceId={INVOICE} paymentIds={[]} />);
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    await screen.findByText('Paid');
    await waitFor(() => expect(spy).toHaveBeenCalled());
    expect(api.problems).toEqual([]);
  });

  it('money beyond the invoice shows as a credit the admin refunds through Stripe (the credit as the amount)', async () => {
    const api = fakeApi()
      .on(paymentEndpoints.forInvoice, online([payment()], { credit_cents: 20_000 }))
      .on(paymentEndpoints.refund, payment({ refunded_cents: 20_000 }));
    renderWithProviders(<InvoiceOnlinePayments invoiceId={INVOICE} paymentIds={[ROW]} />);
    expect(await screen.findByText('Overpaid — credit $200.00')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Refund the credit through Stripe' }));
    expect((screen.getByLabelText('Refund amount') as HTMLInputElement).value).toBe('200.00');
    await userEvent.click(screen.getByRole('button', { name: 'Refund $200.00 through Stripe' }));
    await waitFor(() => expect(api.calls(paymentEndpoints.refund)).toHaveLength(1));
    expect(api.calls(paymentEndpoints.refund)[0]).toMatchObject({ params: { id: payment().id }, body: { amount_cents: 20_000 } });
    expect(api.problems).toEqual([]);
  });

  it('a plain member sees the payments and the credit, and no Refund (admins refund through Stripe)', async () => {
    fakeApi().on(paymentEndpoints.forInvoice, online([payment()], { credit_cents: 5_000, can_manage: false }));
    renderWithProviders(<InvoiceOnlinePayments invoiceId={INVOICE} paymentIds={[ROW]} />);
    expect(await screen.findByText('Overpaid — credit $50.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Refund/ })).toBeNull();
    expect(screen.getByText('A workspace admin refunds online payments, through Stripe.')).toBeTruthy();
  });

  it('not connected to Stripe yet: says why (Settings › Payments)', async () => {
    fakeApi().on(paymentEndpoints.forInvoice, online([], { enabled: false, reason: PAYMENTS_NOT_CONNECTED, connection: null }));
    renderWithProviders(<InvoiceOnlinePayments invoiceId={INVOICE} paymentIds={[]} />);
    expect(await screen.findByText(PAYMENTS_NOT_CONNECTED)).toBeTruthy();
  });
});
