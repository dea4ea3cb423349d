import { taskEndpoints, type Task } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { useAuth } from '../../../lib/auth-provider';
import { taskKeys } from './keys';

export function getTask(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Task> {
  return callEndpoint(taskEndpoints.get, { params: { id }, signal });
}

export function taskQueryOptions(id: string) {
  return queryOptions({ queryKey: taskKeys.detail(id), queryFn: ({ signal }) => getTask(id, { signal }) });
}

/** GET /api/tasks/:id. */
export function useTask(id: string | undefined) {
  const { user } = useAuth();
  return useQuery({ ...taskQueryOptions(id ?? ''), enabled: Boolean(user && id) });
}
