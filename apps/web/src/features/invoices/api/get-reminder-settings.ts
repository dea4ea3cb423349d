import { invoiceEndpoints, type InvoiceReminderSettings } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invoiceKeys } from './keys';

/** GET /api/invoice-reminder-settings — the workspace's overdue reminder settings. */
export function getReminderSettings(signal?: AbortSignal): Promise<InvoiceReminderSettings> {
  return callEndpoint(invoiceEndpoints.reminderSettings, { signal });
}

export const useReminderSettings = (enabled = true) => useQuery({ queryKey: invoiceKeys.reminderSettings(), queryFn: ({ signal }) => getReminderSettings(signal), enabled });
