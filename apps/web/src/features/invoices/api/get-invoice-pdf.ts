import { endpointPath, invoiceEndpoints } from '@fieldbook/contract';
import { apiErrorFrom, buildUrl, rawApiAccess } from '../../../lib/api-client';

async function fetchPdf(path: string): Promise<Blob> {
  const { baseUrl, token } = await rawApiAccess();
  const res = await fetch(buildUrl(baseUrl, path), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw apiErrorFrom(res.status, await res.json().catch(() => null));
  return res.blob();
}

/** The invoice as a PDF (GET /api/invoices/:id/pdf), as a Blob: the request needs the bearer token a plain link cannot send. */
export const fetchInvoicePdf = (id: string) => fetchPdf(endpointPath(invoiceEndpoints.pdf.path, { id }));

/** A payment's receipt as a PDF (GET /api/invoices/:id/payments/:paymentId/receipt). */
export const fetchReceiptPdf = (id: string, paymentId: string) => fetchPdf(endpointPath(invoiceEndpoints.receiptPdf.path, { id, paymentId }));
