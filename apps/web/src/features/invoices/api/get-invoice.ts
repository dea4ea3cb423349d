import { invoiceEndpoints, type Invoice } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invoiceKeys } from './keys';

/** GET /api/invoices/:id — one invoice with its lines, payments and balance. */
export function getInvoice(id: string, signal?: AbortSignal): Promise<Invoice> {
  return callEndpoint(invoiceEndpoints.get, { params: { id }, signal });
}

export const invoiceQueryOptions = (id: string) => queryOptions({ queryKey: invoiceKeys.detail(id), queryFn: ({ signal }) => getInvoice(id, signal) });

export const useInvoice = (id: string | null) => useQuery({ ...invoiceQueryOptions(id ?? ''), enabled: Boolean(id) });
