import { defineEndpoint, endpointPath } from '@fieldbook/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../test/setup-app';
import { checkResponsesAgainstContract, route } from './endpoint';
import { asJsonText } from './json-text';

const ItemSchema = z.object({ id: z.string(), count: z.number().int() });
const itemEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/items/:id',
  summary: 'An item',
  tags: ['test'],
  params: z.object({ id: z.string().min(2) }),
  response: ItemSchema,
});

async function appWith(body: string, { check }: { check: boolean }): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (check) checkResponsesAgainstContract(app);
  await app.register(async (api) => route(api, itemEndpoint, async () => asJsonText(ItemSchema, body)), { prefix: '/api' });
  await app.ready();
  return app;
}

describe('route() and the contract check of SQL-built answers', () => {
  it('registers the contract path under its scope and sends JSON text unchanged', async () => {
    const app = await appWith('{"id":"ab","count":2}', { check: true });
    const res = await app.inject({ method: 'GET', url: endpointPath(itemEndpoint.path, { id: 'ab' }) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).toBe('{"id":"ab","count":2}');
    expect((await app.inject({ method: 'GET', url: '/api/items/a' })).statusCode).toBe(400);
  });

  it('fails a JSON-text answer outside its schema when the check is on (tests), and names the endpoint', async () => {
    const app = await appWith('{"id":"ab","count":"two"}', { check: true });
    const res = await app.inject({ method: 'GET', url: '/api/items/ab' });
    expect(res.statusCode).toBe(500);
    const unchecked = await appWith('{"id":"ab","count":"two"}', { check: false });
    expect((await unchecked.inject({ method: 'GET', url: '/api/items/ab' })).statusCode).toBe(200);
  });

  it('fills path params, encoded, and refuses a missing one', () => {
    expect(endpointPath('/api/jobs/:id/tasks', { id: 'a b/c' })).toBe('/api/jobs/a%20b%2Fc/tasks');
    expect(() => endpointPath('/api/jobs/:id', {})).toThrow('Missing path parameter "id"');
  });
});

describe('the product API is the contract', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('registers no /api, /api-fast or /auth/v1 route except from an endpoint definition', () => {
    expect(ctx.app.routesOutsideContract).toEqual([]);
    expect(ctx.app.hasRoute({ method: 'GET', url: '/api/contacts/:id' })).toBe(true);
  });

  it('notices a route added by hand', async () => {
    const app = Fastify();
    checkResponsesAgainstContract(app);
    await app.register(async (api) => api.get('/things', async () => ({})), { prefix: '/api' });
    await app.ready();
    expect(app.routesOutsideContract).toEqual(['GET /api/things']);
  });
});
