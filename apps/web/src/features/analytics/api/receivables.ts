import { receivablesEndpoints } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';

/** GET /api/analytics/receivables: the caller's workspace's A/R aging and payments per month (its own time zone's days). */
export function useReceivables() {
  return useQuery({
    queryKey: ['analytics', 'receivables'] as const,
    queryFn: ({ signal }) => callEndpoint(receivablesEndpoints.receivables, { signal, timeoutMs: 15_000 }),
  });
}
