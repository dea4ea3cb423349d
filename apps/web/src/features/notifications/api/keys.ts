import { QUERY_ROOTS } from '../../../lib/query-roots';

/** Query keys of the notifications feature. */
export const notificationKeys = {
  all: QUERY_ROOTS.notifications,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};
