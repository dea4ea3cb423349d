import { paymentEndpoints, type PaymentsStatus } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { paymentKeys } from './keys';

/** POST /api/payments/stripe-connect — Stripe's onboarding link for the workspace's account (made once), admins only. */
export function connectStripe(): Promise<{ url: string }> {
  return callEndpoint(paymentEndpoints.connect, {});
}

/** DELETE /api/payments/stripe-connect — the workspace forgets its Stripe account: no Pay until connected again. */
export function disconnectStripe(): Promise<PaymentsStatus> {
  return callEndpoint(paymentEndpoints.disconnect, {});
}

/** Connect: the browser leaves for Stripe's onboarding, which sends it back to the app (?payments=stripe-connect-done). */
export const useConnectStripe = () => useMutation({ mutationFn: connectStripe, onSuccess: ({ url }) => window.location.assign(url) });

export function useDisconnectStripe() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disconnectStripe, onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }) });
}
