import { endpointPath, quoteEndpoints } from '@fieldbook/contract';
import { apiErrorFrom, buildUrl, rawApiAccess } from '../../../lib/api-client';

/**
 * The quote as a PDF to print, marked "Not signed" (GET /api/quotes/:id/pdf), as a Blob: the request needs the bearer
 * token, which a plain link cannot send.
 */
export async function fetchQuotePdf(id: string): Promise<Blob> {
  const { baseUrl, token } = await rawApiAccess();
  const res = await fetch(buildUrl(baseUrl, endpointPath(quoteEndpoints.pdf.path, { id })), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw apiErrorFrom(res.status, await res.json().catch(() => null));
  return res.blob();
}
