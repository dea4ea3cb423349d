import { profileEndpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { getProfileById } from './profiles.service';

export async function profilesRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  route(app, profileEndpoints.get, async ({ actor }) => getProfileById({ db: deps.db, userId: actor.userId }));
}
