import { dashboardEndpoints, PERFORMANCE_STATS_CACHE_SECONDS, PERFORMANCE_STATS_PER_MINUTE } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { RateLimitError } from '../../platform/errors';
import { createRateLimiter } from '../../platform/rate-limit';
import { getDashboardStats, getDashboardTasks, getHomepageData, measureHomePerformance } from './dashboard.service';
import { PerformanceStatsCache } from './performance-stats-cache';

/** /api/dashboard/* (registered in the /api scope). */
export async function dashboardRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db } = deps;
  route(app, dashboardEndpoints.stats, async ({ actor }) => getDashboardStats({ db, actor }));
  route(app, dashboardEndpoints.tasks, async ({ actor }) => getDashboardTasks({ db, actor }));
}

/** /api-fast/optimized/* (registered in the /api-fast scope). */
export async function homepageDataRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  route(app, dashboardEndpoints.homepageData, async ({ actor }) => getHomepageData({ db: deps.db, actor }));
}

/** Workspaces whose last measurement is remembered (an entry is a few hundred bytes). */
const PERFORMANCE_STATS_CACHE_ENTRIES = 1000;

export async function performanceStatsRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const cache = new PerformanceStatsCache({ ttlMs: PERFORMANCE_STATS_CACHE_SECONDS * 1000, maxEntries: PERFORMANCE_STATS_CACHE_ENTRIES });
  const perUser = createRateLimiter({ db: deps.db, name: 'performance-stats', limit: PERFORMANCE_STATS_PER_MINUTE, windowMs: 60_000, now: deps.now });
  route(app, dashboardEndpoints.performanceStats, async ({ actor }) => {
    const { allowed, retryAfterSeconds } = await perUser.hit(actor.userId);
    if (!allowed) throw new RateLimitError(`Too many measurements: try again in ${retryAfterSeconds} s`, retryAfterSeconds);
    return cache.get(actor.workspaceId, () => measureHomePerformance({ db: deps.db, actor, now: deps.now }));
  });
}
