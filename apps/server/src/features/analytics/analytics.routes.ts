import { analyticsEndpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import { requireActor, requireAdmin } from '../../platform/auth-guard';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { recordingAnalyticsJson } from './analytics.repository';

/** Workspace analytics (spec 002): administrators only, aggregated on the server. */
export async function analyticsRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  route(app, analyticsEndpoints.recordings, async ({ req, query }) => {
    requireAdmin(requireActor(req));
    return recordingAnalyticsJson(deps.db, { days: query.days as 7 | 30 | 90 | 365, workspaceId: query.workspace_id, now: deps.now() });
  });
}
