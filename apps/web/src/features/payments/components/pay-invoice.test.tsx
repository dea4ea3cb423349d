import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACH_FAILED_NOTICE, PAY_PROCESSING, paymentEndpoints, type PublicInvoicePayment } from '@fieldbook/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { PayInvoice } from './pay-invoice';

const TOKEN = '00000000-0000-4000-8000-000000000009.1999999999.abc';
const STATE: PublicInvoicePayment = { available: true, reason: null, balance_cents: 123_450, processing_cents: 0, payable_cents: 123_450, allow_partial: false, last_failed: false, last_receipt: null };

// Leaving for Stripe's page is location.assign: caught here, not followed (a stubbed location: this file runs isolated).
const assign = vi.fn();
const stubLocation = (search = '') => vi.stubGlobal('location', { assign, search, href: `http://localhost/${search}`, origin: 'http://localhost', pathname: '/' });
beforeEach(() => stubLocation());
afterEach(() => {
  vi.unstubAllGlobals();
  assign.mockReset();
});

describe('PayInvoice', () => {
  it('offers the balance, starts a checkout with no amount (the balance) and sends the browser to Stripe', async () => {
    const api = fakeApi().on(paymentEndpoints.publicInvoice, STATE).on(paymentEndpoints.publicInvoiceCheckout, { url: 'https://checkout.stripe.test/pay/cs_1' });
    renderWithProviders(<PayInvoice token={TOKEN} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $1,234.50' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/pay/cs_1'));
    expect(api.calls(paymentEndpoints.publicInvoiceCheckout)[0]?.body).toEqual({});
    expect(screen.queryByLabelText('Amount to pay')).toBeNull();
    expect(api.problems).toEqual([]);
  });

  it('a part, when the contractor allows it: the typed dollars go as cents; more than the balance is refused before sending', async () => {
    const api = fakeApi().on(paymentEndpoints.publicInvoice, { ...STATE, allow_partial: true }).on(paymentEndpoints.publicInvoiceCheckout, { url: 'https://checkout.stripe.test/pay/cs_2' });
    renderWithProviders(<PayInvoice token={TOKEN} />);
    const amount = await screen.findByLabelText('Amount to pay');
    await userEvent.clear(amount);
    await userEvent.type(amount, '2000');
    expect(screen.getByText('Enter an amount from $1.00 to $1,234.50')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $1,234.50' }).hasAttribute('disabled')).toBe(true);
    await userEvent.clear(amount);
    await userEvent.type(amount, '200.25');
    await userEvent.click(screen.getByRole('button', { name: 'Pay $200.25' }));
    await waitFor(() => expect(api.calls(paymentEndpoints.publicInvoiceCheckout)[0]?.body).toEqual({ amount_cents: 20_025 }));
    expect(api.problems).toEqual([]);
  });

  it('a bank payment processing is not paid and offers no second Pay; a failed one says so and offers Pay again', async () => {
    fakeApi().on(paymentEndpoints.publicInvoice, { ...STATE, available: false, reason: PAY_PROCESSING, processing_cents: 123_450, payable_cents: 0 });
    const { unmount } = renderWithProviders(<PayInvoice token={TOKEN} />);
    expect(await screen.findByText('Bank payment processing')).toBeTruthy();
    expect(screen.getByText(/\$1,234\.50 is on its way from your bank/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    unmount();
    fakeApi().on(paymentEndpoints.publicInvoice, { ...STATE, last_failed: true });
    renderWithProviders(<PayInvoice token={TOKEN} />);
    expect(await screen.findByText(ACH_FAILED_NOTICE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $1,234.50' })).toBeTruthy();
  });

  it('back from Stripe: thank you, and paid once the server says so; nothing is offered when nothing is due', async () => {
    stubLocation('?payment=done');
    const RECEIPT = '00000000-0000-4000-8000-000000000077';
    fakeApi().on(paymentEndpoints.publicInvoice, { ...STATE, available: false, balance_cents: 0, payable_cents: 0, last_receipt: { payment_id: RECEIPT, amount_cents: 123_450 } });
    renderWithProviders(<PayInvoice token={TOKEN} />);
    expect(await screen.findByText('Thank you — paid')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    // The receipt, by the same link (the receipt email links it too).
    expect(screen.getByRole('link', { name: 'Download your receipt (PDF)' }).getAttribute('href')).toBe(`/api/public/invoice-payments/${TOKEN}/receipts/${RECEIPT}`);
    // In the thank-you's own text size, as the quote's "Download signed PDF".
    expect(screen.getByRole('link', { name: 'Download your receipt (PDF)' }).getAttribute('data-inherit')).toBe('true');
  });

  it('back from Stripe before the webhook: asked again until paid, and the page around it (the invoice) is made stale', async () => {
    stubLocation('?payment=done');
    const api = fakeApi().on(paymentEndpoints.publicInvoice, STATE, { ...STATE, available: false, balance_cents: 0, payable_cents: 0 });
    const { queryClient } = renderWithProviders(<PayInvoice token={TOKEN} />);
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    expect(await screen.findByText('Your payment is being confirmed: this page shows it in a moment.')).toBeTruthy();
    expect(await screen.findByText('Thank you — paid', {}, { timeout: 6000 })).toBeTruthy();
    expect(spy).toHaveBeenCalledWith({ queryKey: ['invoices'] });
    // Its own state is under that root too: asked once more (the same balance: nothing more is made stale).
    await waitFor(() => expect(api.calls(paymentEndpoints.publicInvoice)).toHaveLength(3));
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('the server’s refusal of the checkout is shown (a bank payment started in another tab meanwhile)', async () => {
    fakeApi().on(paymentEndpoints.publicInvoice, STATE).on(paymentEndpoints.publicInvoiceCheckout, apiError(409, 'CONFLICT', PAY_PROCESSING));
    renderWithProviders(<PayInvoice token={TOKEN} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $1,234.50' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', PAY_PROCESSING);
    expect(assign).not.toHaveBeenCalled();
  });

  it('renders nothing when online payments are off (no Stripe key): the page still shows the balance', async () => {
    const api = fakeApi().on(paymentEndpoints.publicInvoice, { ...STATE, available: false });
    const { container } = renderWithProviders(<PayInvoice token={TOKEN} />);
    await waitFor(() => expect(api.calls(paymentEndpoints.publicInvoice)).toHaveLength(1));
    await waitFor(() => expect(container.querySelector('[data-testid="pay-invoice"]')).not.toBeNull());
    expect(screen.queryByRole('button')).toBeNull();
  });
});
