import * as contract from '@fieldbook/contract';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../test/setup-app';

// design.md §11: zero 5xx under bad input. PostgreSQL refuses the NUL character in text, and very deep JSON
// exhausts stacks: both are refused at the door with 400, on every endpoint.

type Endpoint = contract.EndpointDef;
const isEndpoint = (v: unknown): v is Endpoint => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v;
const endpoints: Endpoint[] = (Object.values(contract) as unknown[])
  .filter((group): group is Record<string, unknown> => typeof group === 'object' && group !== null && !isEndpoint(group))
  .flatMap((group) => Object.values(group).filter(isEndpoint));

const NUL_TEXT = 'Roof\u0000 repair';

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/**
 * A value the schema would mostly accept, with the NUL character in every free-text string: uuids, emails, dates
 * and enums stay valid so that the text gets as far as the database when nothing refuses it earlier.
 */
function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return NUL_TEXT;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return sample(variants.find((v) => v.type !== 'null') ?? variants[0], depth + 1);
  if (schema.allOf?.length) return sample(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return `nul-${randomUUID().slice(0, 8)}@example.com`;
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date') return '2026-11-25';
      if (schema.pattern || schema.format) return NUL_TEXT; // can't guess a match: refused by either rule
      return (schema.minLength ?? 0) > NUL_TEXT.length ? NUL_TEXT.padEnd(schema.minLength!, 'x') : NUL_TEXT;
    case 'number':
    case 'integer':
      return Math.max(1, schema.minimum ?? 0, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'array':
      return [sample(schema.items, depth + 1)];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]));
    default:
      return NUL_TEXT;
  }
}
const jsonSchemaOf = (s: z.ZodType): JsonSchema => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

let ctx: TestContext;
let admin: TestUser;
let bearer: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createTestUser(ctx, { role: 'admin' });
  bearer = admin.headers.authorization;
});
afterAll(() => ctx.close());

const urlOf = (e: Endpoint, param: () => string) => contract.endpointPath(e.path, new Proxy({}, { get: param }));
const send = (e: Endpoint, url: string, payload?: string) =>
  ctx.app.inject({ method: e.method, url, headers: { authorization: bearer, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) }, ...(payload !== undefined ? { payload } : {}) });
const messageOf = (body: string): string => {
  const json = JSON.parse(body) as { error?: { message?: string }; msg?: string };
  return json.error?.message ?? json.msg ?? '';
};

describe('the NUL character', () => {
  const withBody = endpoints.filter((e) => e.body);
  it('finds the endpoints that take a body', () => {
    expect(withBody.length).toBeGreaterThan(40);
  });

  it('in any text field of a JSON body: 400 naming it, on every endpoint that takes a body', async () => {
    const failures: string[] = [];
    for (const e of withBody) {
      const body = sample(jsonSchemaOf(e.body!));
      // A body without free text (ids and choices only) carries the character in one more field.
      const text = JSON.stringify(body);
      const payload = text.includes('\\u0000') ? text : JSON.stringify({ ...(body as object), note: NUL_TEXT });
      const res = await send(e, urlOf(e, () => randomUUID()), payload);
      if (res.statusCode !== 400 || !/NUL/.test(messageOf(res.body))) failures.push(`${e.method} ${e.path} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });

  it('in a query string or a path parameter: 400, never 500', async () => {
    const failures: string[] = [];
    for (const e of endpoints) {
      const queryKeys = e.query ? Object.keys(jsonSchemaOf(e.query).properties ?? {}) : [];
      const targets = [...(e.path.includes(':') ? [urlOf(e, () => 'a\u0000b')] : []), ...queryKeys.map((k) => `${urlOf(e, () => randomUUID())}?${k}=a%00b`)];
      for (const url of targets) {
        const res = await send(e, url, e.method === 'GET' || e.method === 'DELETE' ? undefined : '{}');
        // A HEAD answer has no body (the resumable uploads' offset): its status says it.
        const refused = res.statusCode === 400 && (e.method === 'HEAD' || /NUL/.test(messageOf(res.body)));
        if (!refused) failures.push(`${e.method} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('anywhere in fuzzed bodies: never 5xx', async () => {
    const targets = endpoints.filter((e) => e.body);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), fc.jsonValue({ maxDepth: 3 }), fc.string({ maxLength: 10 }), async (e, noise, text) => {
        const base = sample(jsonSchemaOf(e.body!)) as Record<string, unknown>;
        const payload = typeof base === 'object' && base !== null && !Array.isArray(base) ? { ...base, extra: noise, [`k\u0000${text}`]: `${text}\u0000` } : [noise, `\u0000${text}`];
        const res = await send(e, urlOf(e, () => randomUUID()), JSON.stringify(payload));
        expect(res.statusCode, `${e.method} ${e.path} → ${res.body}`).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });

  it('an escaped backslash before "u0000" is ordinary text', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/jobs', headers: admin.headers, payload: { client_name: 'C:\\u0000 folder', property_address: '1 Main St' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().client_name).toBe('C:\\u0000 folder');
  });
});

describe('deeply nested JSON', () => {
  const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
  const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

  it('5,000 levels: 400 on every endpoint that takes a body', async () => {
    const failures: string[] = [];
    for (const e of endpoints.filter((x) => x.body)) {
      for (const payload of [deep(5000), `{"data":${deepObject(5000)}}`]) {
        const res = await send(e, urlOf(e, () => randomUUID()), payload);
        if (res.statusCode !== 400 || !/nested/.test(messageOf(res.body))) failures.push(`${e.method} ${e.path} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('64 levels are accepted by the parser (the schema decides), 65 are not', async () => {
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/jobs', headers: { ...admin.headers, 'content-type': 'application/json' }, payload: `{"client_name":"Deep","property_address":"1 Main St","x":${deep(63)}}` });
    expect(ok.statusCode, ok.body).not.toBe(500);
    expect(messageOf(ok.body)).not.toMatch(/nested/);
    const tooDeep = await ctx.app.inject({ method: 'POST', url: '/api/jobs', headers: { ...admin.headers, 'content-type': 'application/json' }, payload: `{"client_name":"Deep","x":${deep(64)}}` });
    expect(tooDeep.statusCode).toBe(400);
    expect(messageOf(tooDeep.body)).toMatch(/nested deeper than 64/);
  });

  it('brackets inside strings do not count', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/jobs', headers: admin.headers, payload: { client_name: '['.repeat(100) + '{"'.repeat(50), property_address: '1 Main St' } });
    expect(res.statusCode, res.body).toBe(201);
  });
});
