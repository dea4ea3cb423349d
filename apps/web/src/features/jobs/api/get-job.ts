import { jobEndpoints, type Job } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { useAuth } from '../../../lib/auth-provider';
import { JOBS_TIMEOUT_MS } from './get-jobs';
import { jobKeys } from './keys';

export function getJob(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Job> {
  return callEndpoint(jobEndpoints.get, { params: { id }, signal, timeoutMs: JOBS_TIMEOUT_MS });
}

export function jobQueryOptions(id: string) {
  return queryOptions({ queryKey: jobKeys.detail(id), queryFn: ({ signal }) => getJob(id, { signal }) });
}

/** GET /api/jobs/:id (job detail). */
export function useJob(id: string | undefined) {
  const { user } = useAuth();
  return useQuery({ ...jobQueryOptions(id ?? ''), enabled: Boolean(user && id) });
}
