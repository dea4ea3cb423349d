import { invoiceEndpoints, type InvoiceList } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invoiceKeys } from './keys';

/** GET /api/jobs/:id/invoices — the job's invoices, newest first, each with its balance. */
export function getJobInvoices(jobId: string, signal?: AbortSignal): Promise<InvoiceList> {
  return callEndpoint(invoiceEndpoints.listForJob, { params: { id: jobId }, signal });
}

export const jobInvoicesQueryOptions = (jobId: string) => queryOptions({ queryKey: invoiceKeys.job(jobId), queryFn: ({ signal }) => getJobInvoices(jobId, signal) });

export const useJobInvoices = (jobId: string) => useQuery(jobInvoicesQueryOptions(jobId));
