import { SearchResponseSchema, searchEndpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { asJsonText } from '../../platform/json-text';
import { searchWork } from './search.service';

export async function searchRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  // Sent as JSON text: searchWork builds each hit field by field from the contract's shape (nothing to strip), and
  // zod's encoding of a page of hits cost a search ~50–65 µs of the server's CPU (issue 37). Tests still parse every
  // answer with the schema (checkResponsesAgainstContract).
  route(app, searchEndpoints.search, async ({ actor, query }) =>
    asJsonText(SearchResponseSchema, JSON.stringify(await searchWork({ db: deps.db, actor, query, now: deps.now() }))),
  );
}
