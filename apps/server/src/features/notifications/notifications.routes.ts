import { notificationEndpoints as endpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { listMine, markAllRead, markRead, unreadCount } from './notifications.service';

/** The caller's notifications (notificationEndpoints in the contract), registered in the /api scope. */
export async function notificationsRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db } = deps;
  route(app, endpoints.list, async ({ actor, query }) => listMine({ db, actor, limit: query.limit, offset: query.offset }));
  // Registered before /:id/read; polled by the bell of every open app: one indexed statement.
  route(app, endpoints.unreadCount, async ({ actor }) => ({ unread: await unreadCount(db, actor) }));
  route(app, endpoints.markAllRead, async ({ actor }) => markAllRead({ db, actor, now: deps.now() }));
  route(app, endpoints.markRead, async ({ actor, params }) => markRead({ db, actor, id: params.id, now: deps.now() }));
}
