import { paymentEndpoints, type PaymentsStatus } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { paymentKeys } from './keys';

/** PUT /api/payments/settings — whether clients may pay part of an invoice online (workspace admins). */
export function updatePaymentSettings(allowPartial: boolean): Promise<PaymentsStatus> {
  return callEndpoint(paymentEndpoints.updateSettings, { body: { allow_partial_payments: allowPartial } });
}

export function useUpdatePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePaymentSettings, onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }) });
}
