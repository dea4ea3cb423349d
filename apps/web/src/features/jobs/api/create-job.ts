import { JobSchema, type CreateJobBody, type Job } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateJobViews } from './invalidate';
import { jobKeys } from './keys';

/** POST /api/jobs (the New Job form). */
export function createJob(body: CreateJobBody): Promise<Job> {
  return apiRequest(JobSchema, '/api/jobs', { method: 'POST', body });
}

export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    onSuccess: (job) => {
      // The detail page opens next: give it the job at once instead of a second request.
      queryClient.setQueryData(jobKeys.detail(job.id), job);
      return invalidateJobViews(queryClient);
    },
  });
}
