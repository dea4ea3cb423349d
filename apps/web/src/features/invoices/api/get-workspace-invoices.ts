import { invoiceListEndpoints, type InvoiceStatus, type WorkspaceInvoiceList } from '@fieldbook/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invoiceKeys } from './keys';

export type WorkspaceInvoiceFilters = { status: InvoiceStatus | null; overdue: boolean; contactId: string | null };

/** GET /api/invoices — a page of the workspace's invoices (newest first) after `before`, with the filters' totals. */
export function getWorkspaceInvoices(filters: WorkspaceInvoiceFilters, before: number | undefined, signal?: AbortSignal): Promise<WorkspaceInvoiceList> {
  return callEndpoint(invoiceListEndpoints.list, {
    query: { status: filters.status ?? undefined, overdue: filters.overdue ? 'true' : undefined, contact_id: filters.contactId ?? undefined, before },
    signal,
  });
}

// Under the invoices root: every invoice write (invalidate.ts) makes the workspace's list stale too.
export const workspaceInvoicesQueryOptions = (filters: WorkspaceInvoiceFilters) =>
  infiniteQueryOptions({
    queryKey: [...invoiceKeys.all, 'workspace', filters] as const,
    queryFn: ({ pageParam, signal }) => getWorkspaceInvoices(filters, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });

/** The Invoices screen's pages: `fetchNextPage` follows the keyset; the totals are the first page's (the filters' own). */
export const useWorkspaceInvoices = (filters: WorkspaceInvoiceFilters) => useInfiniteQuery({ ...workspaceInvoicesQueryOptions(filters), placeholderData: keepPreviousData });
