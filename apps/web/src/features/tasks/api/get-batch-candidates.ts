import { BATCH_ASSIGN_MAX } from '@fieldbook/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth-provider';
import type { BatchStatusFilter } from '../lib/batch-assign';
import { getTasks, taskKeys } from './get-tasks';

/**
 * The Batch Assign dialog's tasks, asked of the server with the dialog's own filters (job, status), newest first:
 * not the board's loaded pages, so "Select all" for a job covers every task of that job (up to BATCH_ASSIGN_MAX,
 * with the true total beside it).
 */
export function useBatchCandidates({ jobId, status }: { jobId: string | null; status: BatchStatusFilter }, { enabled }: { enabled: boolean }) {
  const { user } = useAuth();
  return useQuery({
    queryKey: taskKeys.batch({ jobId, status }),
    queryFn: ({ signal }) => getTasks({ job_id: jobId ?? undefined, status, limit: BATCH_ASSIGN_MAX }, { signal }),
    enabled: Boolean(user) && enabled,
    placeholderData: keepPreviousData,
  });
}
