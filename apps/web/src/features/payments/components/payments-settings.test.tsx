import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENTS_NOT_CONFIGURED, PAYMENTS_NOT_CONNECTED, PAYMENTS_ONBOARDING_INCOMPLETE, paymentEndpoints, STRIPE_UNREACHABLE, type PaymentsStatus } from '@fieldbook/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { useCallback, useState } from 'react';
import { useStripeConnectReturn } from '../lib/stripe-connect-return';
import { PaymentsSettings } from './payments-settings';

// Leaving for Stripe's onboarding is location.assign: caught here, not followed (a stubbed location: this file runs isolated).
const assign = vi.fn();
beforeEach(() => vi.stubGlobal('location', { assign, search: '', href: 'http://localhost/', origin: 'http://localhost', pathname: '/' }));
afterEach(() => {
  vi.unstubAllGlobals();
  assign.mockReset();
});

const ACCOUNT = { account_id: 'acct_test_oak', charges_enabled: true, details_submitted: true, payouts_enabled: true };
const status = (over: Partial<PaymentsStatus> = {}): PaymentsStatus => ({ enabled: true, reason: null, allow_partial_payments: false, stripe_configured: true, connection: ACCOUNT, can_manage: true, ...over });

describe('Settings › Payments (Stripe Connect)', () => {
  it('not connected: the admin’s Connect with Stripe sends the browser to Stripe’s onboarding', async () => {
    const api = fakeApi()
      .on(paymentEndpoints.status, status({ enabled: false, reason: PAYMENTS_NOT_CONNECTED, connection: null }))
      .on(paymentEndpoints.connect, { url: 'https://connect.stripe.test/setup/e/acct_test_oak/abc' });
    renderWithProviders(<PaymentsSettings />);
    expect(await screen.findByText(PAYMENTS_NOT_CONNECTED)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Connect with Stripe' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.stripe.test/setup/e/acct_test_oak/abc'));
    expect(api.calls(paymentEndpoints.connect)).toHaveLength(1);
    expect(api.problems).toEqual([]);
  });

  it('onboarding unfinished: Continue with Stripe, and the account’s state; a refusal is shown', async () => {
    fakeApi()
      .on(paymentEndpoints.status, status({ enabled: false, reason: PAYMENTS_ONBOARDING_INCOMPLETE, connection: { ...ACCOUNT, charges_enabled: false, details_submitted: false, payouts_enabled: false } }))
      .on(paymentEndpoints.connect, apiError(503, 'UNAVAILABLE', STRIPE_UNREACHABLE));
    renderWithProviders(<PaymentsSettings />);
    expect(await screen.findByText(PAYMENTS_ONBOARDING_INCOMPLETE)).toBeTruthy();
    expect(screen.getByText('Payments not enabled')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Stripe' }));
    expect(await screen.findByText(STRIPE_UNREACHABLE)).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('connected: on, the account shown; disconnect asks first, then turns Pay off', async () => {
    const api = fakeApi()
      .on(paymentEndpoints.status, status(), status({ enabled: false, reason: PAYMENTS_NOT_CONNECTED, connection: null }))
      .on(paymentEndpoints.disconnect, status({ enabled: false, reason: PAYMENTS_NOT_CONNECTED, connection: null }));
    renderWithProviders(<PaymentsSettings />);
    expect(await screen.findByText(/Online payments are on/)).toBeTruthy();
    expect(screen.getByText('Stripe account acct_test_oak')).toBeTruthy();
    expect(screen.getByText('Takes payments')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect Stripe' }));
    expect(api.calls(paymentEndpoints.disconnect)).toHaveLength(0);
    expect(screen.getByText(/will no longer be offered Pay/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(api.calls(paymentEndpoints.disconnect)).toHaveLength(1));
    expect(await screen.findByText(PAYMENTS_NOT_CONNECTED)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect with Stripe' })).toBeTruthy();
  });

  it('a plain member sees the state and no buttons; without a Stripe key, only why', async () => {
    fakeApi().on(paymentEndpoints.status, status({ enabled: false, reason: PAYMENTS_NOT_CONNECTED, connection: null, can_manage: false }));
    const first = renderWithProviders(<PaymentsSettings />);
    expect(await screen.findByText('Only a workspace admin can connect Stripe.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    first.unmount();
    fakeApi().on(paymentEndpoints.status, status({ enabled: false, reason: PAYMENTS_NOT_CONFIGURED, connection: null, stripe_configured: false }));
    renderWithProviders(<PaymentsSettings />);
    expect(await screen.findByText(PAYMENTS_NOT_CONFIGURED)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('back from Stripe’s onboarding: asks again until account.updated has turned payments on', async () => {
    function Shell() {
      const [open, setOpen] = useState(false);
      useStripeConnectReturn(useCallback(() => setOpen(true), []));
      return open ? <PaymentsSettings /> : null;
    }
    const incomplete = status({ enabled: false, reason: PAYMENTS_ONBOARDING_INCOMPLETE, connection: { ...ACCOUNT, charges_enabled: false } });
    const api = fakeApi().on(paymentEndpoints.status, incomplete, status());
    renderWithProviders(<Shell />, { route: '/?payments=stripe-connect-done' });
    expect(await screen.findByText(/Back from Stripe/)).toBeTruthy();
    expect(await screen.findByText(/Online payments are on/, {}, { timeout: 8000 })).toBeTruthy();
    expect(api.calls(paymentEndpoints.status).length).toBeGreaterThanOrEqual(2);
  }, 20_000);
});
