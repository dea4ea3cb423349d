import { paymentScheduleEndpoints, type JobPaymentSchedules } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { scheduleKeys } from './schedule-keys';

/** GET /api/jobs/:id/payment-schedules — the job's schedules and its approved quotes without one. */
export function getPaymentSchedules(jobId: string, signal?: AbortSignal): Promise<JobPaymentSchedules> {
  return callEndpoint(paymentScheduleEndpoints.listForJob, { params: { id: jobId }, signal });
}

export const usePaymentSchedules = (jobId: string, opts: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: scheduleKeys.job(jobId), queryFn: ({ signal }) => getPaymentSchedules(jobId, signal), enabled: opts.enabled ?? true });
