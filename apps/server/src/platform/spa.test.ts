import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveWebDist } from '../app';
import { createTestApp, type TestContext } from '../test/setup-app';

const webDist = mkdtempSync(path.join(tmpdir(), 'fieldbook-spa-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>Fieldbook</title></head><body><div id="root"></div></body></html>');
writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describe('the built SPA', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(() => ctx?.close());

  it.each(['/', '/login', '/jobs/123', '/my-workspace?tab=1'])('serves index.html for the client route %s, never cached', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('serves hashed assets as immutable and other files with a short cache', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await ctx.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it.each(['/api/nope', '/api/multi-workspace/nope', '/api-fast/nope', '/auth/v1/nope', '/dev/nope'])('keeps the JSON 404 for %s', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer x' } });
    expect([401, 404]).toContain(res.statusCode);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).not.toContain('<div id="root">');
  });

  // (/auth/v1/* answers in GoTrue's error shape; that is the auth feature's own 404.)
  it.each(['/auth', '/auth/other', '/dev/definitely-not-a-route'])('answers %s with the 404 envelope, not the page', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: `Route GET ${url} not found` } });
  });

  it('does not answer other methods on client routes with the page', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/login', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('serves the OpenAPI document generated from the zod schemas at /api/docs', async () => {
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const json = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/settings'].put.requestBody.content['application/json'].schema.properties.theme.enum).toEqual(['light', 'dark']);
    expect(doc.paths['/api/profile'].get).toBeDefined();
    // Who may call each endpoint (its contract `access`), in words and as x-access; every product operation has it
    // (the app-link files under /.well-known are not API).
    expect(doc.paths['/api/profile'].get).toMatchObject({ 'x-access': 'user', description: 'Access: signed in: a live session (401 without).' });
    expect(doc.paths['/api/invitations/{token}'].get['x-access']).toBe('public');
    expect(doc.paths['/api/jobs'].get['x-access']).toBe('workspace');
    expect(doc.paths['/api/recordings/users'].get.description).toMatch(/^Access: system admin/);
    // …and as OpenAPI security: the bearer token, except on a public endpoint.
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/profile'].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/invitations/{token}'].get.security).toEqual([]);
    const operations = Object.entries(doc.paths as Record<string, Record<string, { 'x-access'?: string }>>).flatMap(([p, ops]) => Object.entries(ops).map(([method, op]) => ({ op: `${method} ${p}`, access: op['x-access'] })));
    const product = (op: string) => /^\w+ \/(api|api-fast|auth\/v1)\//.test(op) && !op.includes(' /api/docs');
    expect(operations.filter((o) => product(o.op) && o.access === undefined)).toEqual([]);
    expect(operations.filter((o) => product(o.op)).length).toBeGreaterThan(100);
    // The development mailbox is a tool, not API: it stays out of the document.
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/dev'))).toBe(false);
  });
});

describe('without a built SPA', () => {
  let ctx: TestContext;
  const empty = mkdtempSync(path.join(tmpdir(), 'fieldbook-nospa-'));
  beforeAll(async () => {
    ctx = await createTestApp({ WEB_DIST: empty });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(empty, { recursive: true, force: true });
  });

  it('answers client routes with the JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('resolveWebDist', () => {
  it('uses WEB_DIST when set, resolved to an absolute path', () => {
    expect(resolveWebDist('relative/dist')).toBe(path.resolve('relative/dist'));
  });

  it('finds apps/web/dist from its own location when the working directory is elsewhere', () => {
    const cwd = process.cwd();
    process.chdir(tmpdir());
    try {
      const found = resolveWebDist(undefined);
      // Either no build exists yet (null) or it is the repository's apps/web/dist, whatever the cwd.
      if (found !== null) expect(found).toBe(path.resolve(__dirname, '../../../web/dist'));
    } finally {
      process.chdir(cwd);
    }
  });
});
