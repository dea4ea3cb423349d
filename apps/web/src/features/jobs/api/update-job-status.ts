import { jobEndpoints, type Job, type JobStatus } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateJobViews } from './invalidate';
import { jobKeys } from './keys';

export type UpdateJobStatusInput = { id: string; status: JobStatus };

/** PUT /api/jobs/:id/status. */
export function updateJobStatus({ id, status }: UpdateJobStatusInput): Promise<Job> {
  return callEndpoint(jobEndpoints.updateStatus, { params: { id }, body: { status } });
}

export function useUpdateJobStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJobStatus,
    onSuccess: (job) => queryClient.setQueryData(jobKeys.detail(job.id), job),
    onSettled: () => invalidateJobViews(queryClient),
  });
}
