import { DashboardStatsSchema, DashboardTaskListSchema, HomepageDataSchema, PerformanceStatsSchema } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/auth-guard';
import type { FeatureDeps } from '../../platform/deps';
import { sendJsonText } from '../../platform/json-text';
import { getDashboardStats, getDashboardTasks, getHomepageData, measureHomePerformance } from './dashboard.service';

const tags = ['dashboard'];

/** /api/dashboard/* (registered in the /api scope). */
export async function dashboardRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  api.get(
    '/dashboard/stats',
    { schema: { tags, summary: "Counts for the caller's workspace", response: { 200: DashboardStatsSchema } } },
    async (req) => getDashboardStats({ db, actor: requireActor(req) }),
  );

  api.get(
    '/dashboard/tasks',
    { schema: { tags, summary: 'The 20 newest tasks for the stat view', response: { 200: DashboardTaskListSchema } } },
    async (req, reply) => sendJsonText(reply, await getDashboardTasks({ db, actor: requireActor(req) })),
  );
}

/** /api-fast/optimized/* (registered in the /api-fast scope). */
export async function homepageDataRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  api.get(
    '/optimized/homepage-data',
    { schema: { tags, summary: 'Home lists in one database round trip', response: { 200: HomepageDataSchema } } },
    async (req, reply) => sendJsonText(reply, await getHomepageData({ db, actor: requireActor(req) })),
  );
}

export async function performanceStatsRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/optimized/performance-stats',
    { schema: { tags, summary: 'Measured timings of the optimized vs the standard home path', response: { 200: PerformanceStatsSchema } } },
    async (req) => measureHomePerformance({ db: deps.db, actor: requireActor(req), now: deps.now }),
  );
}
