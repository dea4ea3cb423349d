import { QUERY_ROOTS } from '../../../lib/query-roots';

/**
 * Query keys of the client-messages feature. The settings answer carries the invoice reminders too, so it lives under
 * the invoices root (what makes invoices stale makes it stale); the log and opt-out under the contact's.
 */
export const clientMessageKeys = {
  settings: () => [...QUERY_ROOTS.invoices, 'client-message-settings'] as const,
  contactLog: (contactId: string) => [...QUERY_ROOTS.contacts, contactId, 'client-messages'] as const,
  contactOptOut: (contactId: string) => [...QUERY_ROOTS.contacts, contactId, 'message-opt-out'] as const,
  unsubscribe: (token: string) => ['unsubscribe', token] as const,
};
