import { notificationEndpoints, type Notification } from '@fieldbook/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { notificationKeys } from './keys';

/** POST /api/my-notifications/:id/read */
export function markNotificationRead(id: string): Promise<Notification> {
  return callEndpoint(notificationEndpoints.markRead, { params: { id } });
}

/** Marks one read; the count and the list are asked again. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markNotificationRead, onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }) });
}
