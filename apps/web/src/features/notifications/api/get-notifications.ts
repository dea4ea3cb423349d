import { NOTIFICATIONS_PAGE_SIZE, notificationEndpoints, type NotificationList } from '@fieldbook/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { nextOffset } from '../../../lib/offset-pages';
import { notificationKeys } from './keys';

const notificationsOf = (page: NotificationList) => page.notifications;

/** GET /api/my-notifications: a page of the caller's notifications, newest first. */
export function getNotifications({ offset = 0, signal }: { offset?: number; signal?: AbortSignal } = {}): Promise<NotificationList> {
  return callEndpoint(notificationEndpoints.list, { query: { limit: NOTIFICATIONS_PAGE_SIZE, offset }, signal });
}

export const notificationPagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => getNotifications({ offset: pageParam, signal }),
    getNextPageParam: (_last, pages) => nextOffset(pages, NOTIFICATIONS_PAGE_SIZE, notificationsOf),
    staleTime: 10_000,
  });

/** The panel's list, in pages of NOTIFICATIONS_PAGE_SIZE (Load more); asked for only while the panel is open. */
export const useNotifications = ({ enabled }: { enabled: boolean }) => useInfiniteQuery({ ...notificationPagesQueryOptions(), enabled });
