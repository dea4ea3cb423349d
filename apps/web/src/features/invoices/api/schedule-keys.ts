import { QUERY_ROOTS } from '../../../lib/query-roots';

/** Payment schedules' query keys, under the invoices' root: any invoice write (a part's invoice paid, voided) makes them stale. */
export const scheduleKeys = {
  job: (jobId: string) => [...QUERY_ROOTS.invoices, 'payment-schedules', jobId] as const,
};
