import { analyticsEndpoints, receivablesEndpoints, TIME_ZONE_INVALID } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { fieldError } from '../../platform/errors';
import { recordingAnalyticsJson } from './analytics.repository';
import { workspaceReceivables } from './receivables';

/** Workspace analytics (spec 002): administrators only, aggregated on the server. */
export async function analyticsRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  // Administrators only ('admin' in the contract).
  route(app, analyticsEndpoints.recordings, async ({ query }) => {
    try {
      return await recordingAnalyticsJson(deps.db, { days: query.days as 7 | 30 | 90 | 365, workspaceId: query.workspace_id, timeZone: query.time_zone ?? 'UTC', now: deps.now() });
    } catch (err) {
      // The contract checked the name against ICU; PostgreSQL's zone database may still lack it (22023).
      if ((err as { code?: string }).code === '22023' && query.time_zone) throw fieldError('time_zone', TIME_ZONE_INVALID);
      throw err;
    }
  });

  // The caller's own workspace ('workspace' in the contract): any member, as the workspace's Invoices screen.
  route(app, receivablesEndpoints.receivables, async ({ actor }) => workspaceReceivables({ db: deps.db, workspaceId: actor.workspaceId, now: deps.now() }));
}
