import { SearchQuerySchema, SearchResponseSchema } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/auth-guard';
import type { FeatureDeps } from '../../platform/deps';
import { searchWork } from './search.service';

export async function searchRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: "Search the workspace's jobs and tasks (full text + similar words)",
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema },
      },
    },
    async (req) => searchWork({ db: deps.db, actor: requireActor(req), query: req.query }),
  );
}
