import { z } from 'zod';
import { IdParamsSchema, pageQueryShape } from './common';
import { defineEndpoint } from './endpoint';

/**
 * In-app notifications (issue 27): what happened on the workspace's work that a user should know — today a
 * homeowner's approval or decline of a quote, for the quote's author and the workspace's admins. Each one is the
 * caller's own, in their current workspace; it links to where the thing happened (an app path).
 */

export const NOTIFICATION_KINDS = ['quote_approved', 'quote_declined', 'invoice_viewed', 'payment_failed', 'payment_overpaid', 'work_request_received'] as const;
export const NotificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKindSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The unread count is counted up to this many (the bell shows "99+" past 99): one bounded, indexed query. */
export const UNREAD_COUNT_CAP = 100;
export const NOTIFICATION_NOT_FOUND = 'Notification not found';

export const NotificationSchema = z.object({
  id: z.uuid(),
  kind: NotificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** Where it happened, an app path (e.g. `/jobs/<id>?quote=<id>`): never another origin. */
  link: z.string().regex(/^\/[^/\\]/),
  job_id: z.uuid().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListQuerySchema = z.object(pageQueryShape({ defaultLimit: NOTIFICATIONS_PAGE_SIZE, maxLimit: 50, maxOffset: 10_000 }));
export const NotificationListSchema = z.object({
  notifications: z.array(NotificationSchema),
  total: z.number().int(),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int().min(0).max(UNREAD_COUNT_CAP) });
export const MarkAllReadSchema = z.object({ marked: z.number().int() });

const tags = ['notifications'];

/**
 * The caller's own notifications ('user': a signed-in user; only those of their current workspace are theirs to see —
 * a user who left a workspace no longer sees its news). Another user's notification is 404, as another tenant's row.
 * The path is /api/my-notifications: POST /api/notifications is spec 001's task-summary send.
 */
export const notificationEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/api/my-notifications', access: 'user', summary: 'My notifications, newest first, with the unread count', tags, query: NotificationListQuerySchema, response: NotificationListSchema }),
  unreadCount: defineEndpoint({ method: 'GET', path: '/api/my-notifications/unread-count', access: 'user', summary: 'How many of my notifications are unread (counted up to 100)', tags, response: UnreadCountSchema }),
  markRead: defineEndpoint({ method: 'POST', path: '/api/my-notifications/:id/read', access: 'user', summary: 'Mark one of my notifications read', tags, params: IdParamsSchema, response: NotificationSchema }),
  markAllRead: defineEndpoint({ method: 'POST', path: '/api/my-notifications/read-all', access: 'user', summary: 'Mark all my notifications read', tags, response: MarkAllReadSchema }),
};
