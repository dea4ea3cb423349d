import { jobEndpoints, type Job, type JobStatus } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { endpointRequest, isQueuedAnswer, sendOrQueue } from '../../../lib/offline/offline-queue';
import { invalidateJobViews } from './invalidate';
import { jobKeys } from './keys';

export type UpdateJobStatusInput = { id: string; status: JobStatus };

/** PUT /api/jobs/:id/status. */
export function updateJobStatus({ id, status }: UpdateJobStatusInput, idempotencyKey?: string): Promise<Job> {
  return callEndpoint(jobEndpoints.updateStatus, { params: { id }, body: { status }, ...(idempotencyKey ? { idempotencyKey } : {}) });
}

/** Changes a job's status; without a network the change waits in the offline queue and the job shows it at once. */
export function useUpdateJobStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (input: UpdateJobStatusInput) =>
      sendOrQueue({
        write: { label: `Job status: ${input.status}`, request: endpointRequest('jobs.updateStatus', { params: { id: input.id }, body: { status: input.status } }) },
        send: (key) => updateJobStatus(input, key),
        queued: () => {
          const cached = queryClient.getQueryData<Job>(jobKeys.detail(input.id));
          return { ...(cached ?? ({ id: input.id } as Job)), status: input.status };
        },
      }),
    // A change queued for a job not in the cache answers only { id, status }: the detail is not replaced with that.
    onSuccess: (job) => (job.created_at ? queryClient.setQueryData(jobKeys.detail(job.id), job) : undefined),
    // Queued: no refetch (offline it would bring the job's old status back from the last-seen copy).
    onSettled: (job) => (isQueuedAnswer(job) ? undefined : invalidateJobViews(queryClient)),
  });
}
