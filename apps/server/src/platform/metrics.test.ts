import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestContext } from '../test/setup-app';
import { registerMetrics } from './metrics';

const TOKEN = 'metrics-token-0123456789';

describe('GET /metrics', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => ctx?.close());

  it('refuses without the token, or with another one', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-XXXXXXXXXX' } })).statusCode).toBe(401);
  });

  it('reports request latency per route pattern (not per URL), 5xx counts and process memory', async () => {
    const user = await createTestUser(ctx);
    for (let i = 0; i < 3; i++) await ctx.app.inject({ method: 'GET', url: `/api/jobs/00000000-0000-4000-8000-00000000000${i}`, headers: user.headers });
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(/fieldbook_http_request_duration_seconds_count\{method="GET",route="\/api\/jobs\/:id",status_code="404"\} 3/);
    expect(res.body).not.toContain('00000000-0000-4000-8000');
    expect(res.body).toMatch(/fieldbook_process_resident_memory_bytes \d+/);
  });
});

describe('metrics sources and configuration', () => {
  it('serves no /metrics without METRICS_TOKEN', async () => {
    const ctx = await createTestApp();
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      // Nothing answers it but the SPA's client-route fallback (or its 404 without a build): no metrics anywhere.
      expect(res.headers['content-type'] ?? '').not.toContain('text/plain');
      expect(res.body).not.toContain('fieldbook_http_request_duration_seconds');
    } finally {
      await ctx.close();
    }
  });

  it('reads registered gauges (e.g. a queue depth) at each scrape', async () => {
    const app = Fastify();
    let depth = 2;
    registerMetrics(app, { token: TOKEN, sources: [{ name: 'jobs_due', help: 'due jobs', labels: ['queue'], read: async () => [{ labels: { queue: 'documents' }, value: depth }] }] });
    const scrape = async () => (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    expect(await scrape()).toContain('fieldbook_jobs_due{queue="documents"} 2');
    depth = 7;
    expect(await scrape()).toContain('fieldbook_jobs_due{queue="documents"} 7');
    await app.close();
  });
});
