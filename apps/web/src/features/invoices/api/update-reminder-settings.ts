import { invoiceEndpoints, type InvoiceReminderSettings } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invoiceKeys } from './keys';

/** PUT /api/invoice-reminder-settings — workspace admins change the overdue reminders. */
export function updateReminderSettings(body: InvoiceReminderSettings): Promise<InvoiceReminderSettings> {
  return callEndpoint(invoiceEndpoints.updateReminderSettings, { body });
}

export function useUpdateReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateReminderSettings, onSuccess: (saved) => queryClient.setQueryData(invoiceKeys.reminderSettings(), saved) });
}
