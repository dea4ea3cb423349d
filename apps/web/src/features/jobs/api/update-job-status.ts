import { JobSchema, type Job, type JobStatus } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateJobViews } from './invalidate';
import { jobKeys } from './keys';

export type UpdateJobStatusInput = { id: string; status: JobStatus };

/** PUT /api/jobs/:id/status. */
export function updateJobStatus({ id, status }: UpdateJobStatusInput): Promise<Job> {
  return apiRequest(JobSchema, `/api/jobs/${encodeURIComponent(id)}/status`, { method: 'PUT', body: { status } });
}

export function useUpdateJobStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJobStatus,
    onSuccess: (job) => queryClient.setQueryData(jobKeys.detail(job.id), job),
    onSettled: () => invalidateJobViews(queryClient),
  });
}
