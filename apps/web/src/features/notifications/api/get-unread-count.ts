import { notificationEndpoints } from '@fieldbook/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { notificationKeys } from './keys';

/** How often an open app asks for the unread count (and again whenever the tab comes back into view). */
export const UNREAD_POLL_MS = 60_000;

/** GET /api/my-notifications/unread-count — one indexed statement on the server, counted up to 100. */
export function getUnreadCount(signal?: AbortSignal): Promise<number> {
  return callEndpoint(notificationEndpoints.unreadCount, { signal }).then((r) => r.unread);
}

export const unreadCountQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.unreadCount(), queryFn: ({ signal }) => getUnreadCount(signal), staleTime: 10_000, refetchInterval: UNREAD_POLL_MS, refetchIntervalInBackground: false });

/** The bell's number: polled every minute while the app is in view, refetched when it comes back into view. */
export const useUnreadCount = () => useQuery(unreadCountQueryOptions());
