import { searchEndpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import { requireActor } from '../../platform/auth-guard';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { searchWork } from './search.service';

export async function searchRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  route(app, searchEndpoints.search, async ({ req, query }) => searchWork({ db: deps.db, actor: requireActor(req), query }));
}
