import { searchEndpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { searchWork } from './search.service';

export async function searchRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  route(app, searchEndpoints.search, async ({ actor, query }) => searchWork({ db: deps.db, actor, query, now: deps.now() }));
}
