import { defineEndpoint, endpointPath, type EndpointDef } from '@fieldbook/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../test/setup-app';
import type { Actor } from './auth-guard';
import { checkResponsesAgainstContract, route } from './endpoint';
import { registerErrorHandler } from './errors';
import { asJsonText } from './json-text';

const ItemSchema = z.object({ id: z.string(), count: z.number().int() });
const itemEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/items/:id',
  access: 'public',
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

  it('sends JSON text with any characters as its UTF-8 bytes, the length counted in bytes', async () => {
    const body = '{"id":"Café “Ōmori” 🏠","count":1}';
    const res = await (await appWith(body, { check: true })).inject({ method: 'GET', url: '/api/items/ab' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(body);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(body));
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

describe('access in the endpoint definition', () => {
  const member: Actor = { userId: 'u1', email: 'u@example.com', role: 'user', workspaceId: 'w1', sessionId: 's1', aal: 'aal1' };
  const homeless: Actor = { ...member, workspaceId: null };
  const admin: Actor = { ...member, role: 'admin' };
  const at = <A extends 'public' | 'user' | 'workspace' | 'admin'>(access: A) =>
    defineEndpoint({ method: 'GET', path: `/api/${access}`, access, summary: access, tags: ['test'], response: z.object({ seen: z.string().nullable() }) });

  /** A scope whose caller comes from a test header (the real guard resolves it from the session). */
  async function appWithLevels(seen: string[]): Promise<FastifyInstance> {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(
      async (api) => {
        registerErrorHandler(api);
        api.decorateRequest('actor', null);
        api.addHook('onRequest', async (req) => {
          const header = req.headers['x-test-actor'];
          req.actor = typeof header === 'string' ? (JSON.parse(header) as Actor) : null;
        });
        route(api, at('public'), async ({ actor }) => {
          seen.push(`public:${actor?.userId ?? 'anonymous'}`);
          return { seen: actor?.userId ?? null };
        });
        route(api, at('user'), async ({ actor }) => {
          seen.push(`user:${actor.userId}`);
          return { seen: actor.userId };
        });
        // The workspace level hands over a caller whose workspaceId is a string (no null check in the handler).
        route(api, at('workspace'), async ({ actor }) => {
          seen.push(`workspace:${actor.workspaceId}`);
          return { seen: actor.workspaceId };
        });
        route(api, at('admin'), async ({ actor }) => {
          seen.push(`admin:${actor.role}`);
          return { seen: actor.role };
        });
      },
      { prefix: '/api' },
    );
    await app.ready();
    return app;
  }

  it('checks the level before the handler runs and hands the handler the caller: 401 anonymous, 409 without a workspace, 403 not an admin', async () => {
    const seen: string[] = [];
    const app = await appWithLevels(seen);
    const call = async (level: string, actor: Actor | null) => {
      const res = await app.inject({ method: 'GET', url: `/api/${level}`, headers: actor ? { 'x-test-actor': JSON.stringify(actor) } : {} });
      return { status: res.statusCode, code: (res.json() as { error?: { code?: string } }).error?.code ?? null };
    };
    expect(await call('public', null)).toEqual({ status: 200, code: null });
    expect(await call('public', member)).toEqual({ status: 200, code: null });
    expect(await call('user', null)).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    expect(await call('user', homeless)).toEqual({ status: 200, code: null });
    expect(await call('workspace', null)).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    expect(await call('workspace', homeless)).toEqual({ status: 409, code: 'NO_WORKSPACE' });
    expect(await call('workspace', member)).toEqual({ status: 200, code: null });
    expect(await call('admin', null)).toEqual({ status: 401, code: 'UNAUTHORIZED' });
    expect(await call('admin', member)).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(await call('admin', admin)).toEqual({ status: 200, code: null });
    // Only the allowed calls reached a handler.
    expect(seen).toEqual(['public:anonymous', 'public:u1', 'user:u1', 'workspace:w1', 'admin:admin']);
  });

  it('refuses to register an endpoint that declares no access level', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // @ts-expect-error -- the type requires `access` (tsc -b fails if this line stops being an error)
    defineEndpoint({ method: 'GET', path: '/api/undeclared', summary: 'No access level', tags: ['test'], response: z.object({}) });
    const undeclared = { method: 'GET', path: '/api/undeclared', summary: 'No access level', tags: ['test'], response: z.object({}) };
    let refusal: unknown = null;
    await app.register(
      async (api) => {
        try {
          // The type refuses it too; a definition built without the type (JavaScript, a cast) must not slip through.
          route(api, undeclared as unknown as EndpointDef, async () => ({}));
        } catch (err) {
          refusal = err;
        }
      },
      { prefix: '/api' },
    );
    await app.ready();
    expect(String(refusal)).toContain('GET /api/undeclared declares no access level');
    expect(app.hasRoute({ method: 'GET', url: '/api/undeclared' })).toBe(false);
  });

  it('refuses a signed-in level in a scope without the auth guard, and an auth-session one without the scope’s own check', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const refusals: string[] = [];
    await app.register(
      async (api) => {
        const signedIn = at('user');
        const session = defineEndpoint({ method: 'GET', path: '/api/session', access: 'auth-session', summary: 's', tags: ['test'], response: z.object({}) });
        for (const register of [() => route(api, signedIn, async () => ({ seen: null })), () => route(api, session, async () => ({}))]) {
          try {
            register();
          } catch (err) {
            refusals.push(String(err));
          }
        }
      },
      { prefix: '/api' },
    );
    await app.ready();
    expect(refusals).toEqual([
      "Error: GET /api/user is 'user' but its scope has no auth guard",
      'Error: GET /api/session needs a scope with its own session check',
    ]);
  });
});
