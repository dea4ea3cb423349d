import { QUERY_ROOTS } from '../../../lib/query-roots';

/** Query keys of the invoices feature, under its root (lib/query-roots.ts says what an invoice write makes stale). */
export const invoiceKeys = {
  all: QUERY_ROOTS.invoices,
  job: (jobId: string) => [...invoiceKeys.all, 'job', jobId] as const,
  detail: (id: string) => [...invoiceKeys.all, 'detail', id] as const,
  approvedQuotes: (jobId: string) => [...invoiceKeys.all, 'approved-quotes', jobId] as const,
  public: (token: string) => [...invoiceKeys.all, 'public', token] as const,
  reminderSettings: () => [...invoiceKeys.all, 'reminder-settings'] as const,
};
