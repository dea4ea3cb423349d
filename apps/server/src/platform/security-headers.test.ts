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

describe('security headers (helmet)', () => {
  it.each([
    ['the SPA page', '/login', false],
    ['a product API answer', '/api/profile', true],
    ['an API error', '/api/nope', false],
    ['the development mailbox', '/dev/mailbox', false],
  ])('are set on %s', async (_label, url, authenticated) => {
    const headers = authenticated ? (await createTestUser(ctx)).headers : {};
    const res = await ctx.app.inject({ method: 'GET', url, headers });
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
