import { invoiceListEndpoints } from '@fieldbook/contract';
import { apiErrorFrom, buildUrl, rawApiAccess } from '../../../lib/api-client';

export type CsvKind = 'invoices' | 'payments';

/**
 * GET /api/invoice-exports/invoices|payments?from&to — the accountant's CSV for a range of the workspace's days, as a
 * Blob (the request needs the bearer token a plain link cannot send), then saved under the server's file name.
 */
export async function downloadInvoiceCsv(kind: CsvKind, range: { from: string; to: string }): Promise<void> {
  const endpoint = kind === 'invoices' ? invoiceListEndpoints.exportInvoices : invoiceListEndpoints.exportPayments;
  const { baseUrl, token } = await rawApiAccess();
  const res = await fetch(buildUrl(baseUrl, endpoint.path, range), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw apiErrorFrom(res.status, await res.json().catch(() => null));
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${kind} ${range.from} to ${range.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
