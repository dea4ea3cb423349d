import { ProfileSchema } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/auth-guard';
import type { FeatureDeps } from '../../platform/deps';
import { getProfileById } from './profiles.service';

export async function profilesRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/profile', { schema: { tags: ['profiles'], summary: "The caller's profile", response: { 200: ProfileSchema } } }, async (req) => {
    const actor = requireActor(req);
    return getProfileById({ db: deps.db, userId: actor.userId });
  });
}
