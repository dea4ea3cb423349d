import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestContext } from '../test/setup-app';

const webDist = mkdtempSync(path.join(tmpdir(), 'fieldbook-headers-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Fieldbook</title>');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ WEB_DIST: webDist, API_ALLOWED_ORIGINS: 'https://api.example.com' });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** CSP header → { directive: [values] }. */
function parseCsp(header: string | string[] | number | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

describe('security headers', () => {
  /** The calendar feed's ICS (a file answer of a contract endpoint): a feed link of a new workspace user. */
  async function calendarFeedPath(): Promise<string> {
    const user = await createTestUser(ctx);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/schedule/feed', headers: user.headers });
    expect(res.statusCode).toBe(200);
    return new URL((res.json() as { url: string }).url).pathname;
  }

  it.each([
    ['the SPA page', async () => '/login', false],
    ['an unknown API path', async () => '/api/nope', false],
    ['the development mailbox', async () => '/dev/mailbox', false],
    ['a file answer (the calendar feed)', calendarFeedPath, false],
  ])("are helmet's whole set on %s", async (_label, url, authenticated) => {
    const headers = authenticated ? (await createTestUser(ctx)).headers : {};
    const res = await ctx.app.inject({ method: 'GET', url: await url(), headers });
    expect(res.statusCode).toBeLessThan(500);
    const csp = parseCsp(res.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'self'"]);
    // No inline or foreign scripts: an injected <script> cannot run.
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    // Requests may go only to this deployment's API origins (PUBLIC_URL's and API_ALLOWED_ORIGINS): the API URL setting checks the same list.
    expect(csp['connect-src']).toEqual(["'self'", 'http://localhost:3000', 'https://api.example.com']);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it.each([
    ['a JSON answer', true],
    ["a JSON endpoint's error (401)", false],
  ])('are the JSON set on %s: nothing in it loads, runs or is framed', async (_label, authenticated) => {
    const headers = authenticated ? (await createTestUser(ctx)).headers : {};
    const res = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers });
    expect(res.statusCode).toBe(authenticated ? 200 : 401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(parseCsp(res.headers['content-security-policy'])).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers.vary).toBe('Origin');
    // A document's headers have no meaning on JSON: left off (~700 bytes an answer).
    for (const name of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies']) {
      expect(res.headers[name], name).toBeUndefined();
    }
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it("exposes the answer's own headers to a cross-origin caller (the phone app), and only to one", async () => {
    const user = await createTestUser(ctx);
    const crossOrigin = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { ...user.headers, origin: 'capacitor://localhost' } });
    expect(crossOrigin.headers['access-control-allow-origin']).toBe('capacitor://localhost');
    expect(String(crossOrigin.headers['access-control-expose-headers']).split(', ')).toEqual(expect.arrayContaining(['Idempotent-Replayed', 'X-Request-Id', 'Upload-Offset']));
    expect(crossOrigin.headers['access-control-allow-credentials']).toBeUndefined();
    const sameOrigin = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: user.headers });
    expect(sameOrigin.headers['access-control-allow-origin']).toBeUndefined();
    expect(sameOrigin.headers['access-control-expose-headers']).toBeUndefined();
    expect(sameOrigin.headers.vary).toBe('Origin');
  });

  it('lets any origin call the API with bearer tokens (the Capacitor app), without cookies', async () => {
    const res = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/settings',
      headers: { origin: 'capacitor://localhost', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('capacitor://localhost');
    expect(String(res.headers['access-control-allow-methods'])).toContain('PUT');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });
});
