import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../test/setup-app';
import { AppError, fieldError, registerErrorHandler } from './errors';

describe('the error handler on a bare scope', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get('/boom', async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2');
    });
    api.get('/conflict', async () => {
      throw new AppError('CONFLICT', 'Already exists');
    });
    api.get('/field', async () => {
      throw fieldError('name', 'Workspace name is required');
    });
    api.get('/bad-response', { schema: { response: { 200: z.object({ id: z.uuid() }) } } }, async () => ({ id: 'not-a-uuid' }) as never);
    api.post('/echo', { schema: { body: z.object({ nested: z.object({ count: z.number().int() }) }) } }, async (req) => req.body);
    await app.ready();
  });
  afterAll(() => app.close());

  it('turns an unexpected error into a 500 that leaks nothing', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: 'Internal server error' } });
    expect(res.body).not.toContain('hunter2');
  });

  it('maps AppError codes to their status', async () => {
    const res = await app.inject({ method: 'GET', url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: 'Already exists' } });
  });

  it('names the field of a fieldError', async () => {
    const res = await app.inject({ method: 'GET', url: '/field' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'VALIDATION_ERROR', message: 'Workspace name is required', details: [{ field: 'name', message: 'Workspace name is required' }] },
    });
  });

  it('never sends a response that breaks its schema (500, not bad data)', async () => {
    const res = await app.inject({ method: 'GET', url: '/bad-response' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL');
  });

  it('names nested fields with dotted paths', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { nested: { count: 1.5 } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe('nested.count');
    expect(res.json().error.message).toMatch(/^nested\.count: /);
  });

  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: '{"nested":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
  });

  it('answers an unknown route with the 404 envelope', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/nothing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Route DELETE /nothing not found' } });
  });
});

describe('request limits on the real app', () => {
  let ctx: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    ctx = await createTestApp();
    user = await createTestUser(ctx);
  });
  afterAll(() => ctx?.close());

  it('answers a body over 1 MiB with 413', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ api_url: `https://x.test/${'a'.repeat(1024 * 1024)}` }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' } });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: { ...user.headers, 'content-type': 'application/xml' }, payload: '<theme>dark</theme>' });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an empty JSON body with 400, not 500', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: { ...user.headers, 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(400);
  });
});
