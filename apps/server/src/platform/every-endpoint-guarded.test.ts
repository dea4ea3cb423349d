import * as contract from '@fieldbook/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/setup-app';

type Endpoint = contract.EndpointDef;
const isEndpoint = (v: unknown): v is Endpoint => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v;

/** Every endpoint of the contract, from each exported `…Endpoints` group. */
const endpoints: Endpoint[] = (Object.values(contract) as unknown[])
  .filter((group): group is Record<string, unknown> => typeof group === 'object' && group !== null && !isEndpoint(group))
  .flatMap((group) => Object.values(group).filter(isEndpoint));
const productApi = endpoints.filter((e) => !e.path.startsWith('/auth/v1'));

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('the auth guard covers the whole API', () => {
  it('every endpoint of the contract declares who may call it', () => {
    const levels: readonly unknown[] = contract.ENDPOINT_ACCESS_LEVELS;
    expect(endpoints.filter((e) => !levels.includes(e.access)).map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it('finds the endpoints of the contract', () => {
    expect(productApi.length).toBeGreaterThan(60);
    expect(productApi.some((e) => e.path === '/api/jobs/:id/generate-document')).toBe(true);
  });

  it('answers 401 without a session on every endpoint not declared public, before validating anything', async () => {
    for (const e of productApi.filter((x) => x.access !== 'public')) {
      const url = contract.endpointPath(e.path, new Proxy({}, { get: () => randomUUID() }));
      const res = await ctx.app.inject({ method: e.method, url, ...(e.method === 'GET' || e.method === 'DELETE' ? {} : { payload: {} }) });
      expect(res.statusCode, `${e.method} ${e.path}`).toBe(401);
    }
  });
});
