import { notificationEndpoints } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { notificationKeys } from './keys';

/** POST /api/my-notifications/read-all */
export function markAllNotificationsRead(): Promise<{ marked: number }> {
  return callEndpoint(notificationEndpoints.markAllRead, {});
}

/** Marks every notification read; the count and the list are asked again. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markAllNotificationsRead, onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }) });
}
