import { scheduleEndpoints, type JobVisitList } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { scheduleKeys } from './keys';

/** GET /api/jobs/:id/visits — a job's visits for its page. */
export function getJobVisits(jobId: string, signal?: AbortSignal): Promise<JobVisitList> {
  return callEndpoint(scheduleEndpoints.jobVisits, { params: { id: jobId }, signal });
}

export function useJobVisits(jobId: string) {
  return useQuery({ queryKey: scheduleKeys.job(jobId), queryFn: ({ signal }) => getJobVisits(jobId, signal) });
}
