import { taskEndpoints, type CreateJobTaskBody, type Task } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { invalidateAfter } from '../../../lib/query-roots';

export type CreateJobTaskInput = { jobId: string; body: CreateJobTaskBody };

/** POST /api/jobs/:id/tasks (the Add Task modal on a job card); job_id is repeated in the body as the spec sends it. */
export function createJobTask({ jobId, body }: CreateJobTaskInput): Promise<Task> {
  return callEndpoint(taskEndpoints.createForJob, { params: { id: jobId }, body: { ...body, job_id: jobId } });
}

export function useCreateJobTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJobTask,
    // A task write: the task lists and the job's card both change.
    onSettled: () => invalidateAfter(queryClient, 'task'),
  });
}
