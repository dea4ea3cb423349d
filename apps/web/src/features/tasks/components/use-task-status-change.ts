import type { TaskStatus } from '@fieldbook/contract';
import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useUpdateTaskStatus } from '../api/update-task-status';

/** Status changes with the specified failure message, 'Failed to update task: {reason}' (spec 001 §8). */
export function useTaskStatusChange() {
  const mutation = useUpdateTaskStatus();
  const { mutate } = mutation;
  const change = useCallback(
    (id: string, status: TaskStatus, success?: string) =>
      mutate(
        { id, status },
        {
          onSuccess: () => {
            if (success) toast.success(success, { id: `task-status-${id}` });
          },
          onError: (err) => toast.error(`Failed to update task: ${err.message}`),
        },
      ),
    [mutate],
  );
  return { change, isPending: mutation.isPending, pendingId: mutation.isPending ? mutation.variables?.id : undefined };
}
