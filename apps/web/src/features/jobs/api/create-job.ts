import { jobEndpoints, type CreateJobBody, type Job } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateJobViews } from './invalidate';
import { jobKeys } from './keys';

/** POST /api/jobs (the New Job form). */
export function createJob(body: CreateJobBody): Promise<Job> {
  return callEndpoint(jobEndpoints.create, { body });
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
