import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_META } from './api-base';
import { LOCAL_KEYS } from './local-settings';

/**
 * Every way the app reaches the server uses the one API base (lib/api-base.ts): the JSON client, the raw access of
 * uploads, file bytes and the assistant's stream, and auth-js — in the app, absolute; following Settings' API URL.
 */
const DEFAULT = 'https://fieldbook.example.com';
const OTHER = 'https://api.fieldbook.example.com';
let seen: string[];

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

beforeEach(async () => {
  // Fresh modules (auth-client reads the base when it is made), on a Capacitor that says "native platform".
  vi.resetModules();
  localStorage.clear();
  const { Capacitor } = await import('@capacitor/core');
  vi.spyOn(Capacitor, 'isNativePlatform').mockReturnValue(true);
  document.head.querySelector(`meta[name="${API_BASE_META}"]`)?.remove();
  const meta = document.createElement('meta');
  meta.name = API_BASE_META;
  meta.content = DEFAULT;
  document.head.append(meta);
  seen = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      seen.push(url);
      if (url.includes('/auth/v1/token')) {
        return json({ access_token: 'a.b.c', token_type: 'bearer', expires_in: 3600, expires_at: Math.floor(Date.now() / 1000) + 3600, refresh_token: 'r', user: { id: 'u1', aud: 'authenticated', email: 'a@example.com', app_metadata: {}, user_metadata: {}, created_at: new Date().toISOString() } });
      }
      return json({ ok: true });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('in the app, every request goes to the absolute API base', () => {
  it('the JSON client, raw access (uploads, files, the assistant’s stream) and auth-js', async () => {
    const { apiRequest, rawApiAccess } = await import('./api-client');
    const { auth, appUrl } = await import('./auth-client');
    await apiRequest(z.object({ ok: z.boolean() }), '/api/jobs');
    expect((await rawApiAccess()).baseUrl).toBe(DEFAULT);
    await auth.signInWithPassword({ email: 'a@example.com', password: 'secret-password' });
    expect(seen[0]).toBe(`${DEFAULT}/api/jobs`);
    expect(seen.some((u) => u.startsWith(`${DEFAULT}/auth/v1/token?grant_type=password`))).toBe(true);
    expect(seen.every((u) => u.startsWith(`${DEFAULT}/`))).toBe(true);
    expect(appUrl('/login')).toBe(`${DEFAULT}/login`);
    expect(localStorage.getItem(LOCAL_KEYS.apiBase)).toBe(DEFAULT);
  });

  it('follows an API URL changed in Settings at once — auth-js included, though it was made with the old one', async () => {
    const { apiRequest, rawApiAccess } = await import('./api-client');
    const { auth } = await import('./auth-client');
    localStorage.setItem(LOCAL_KEYS.allowedOrigins, JSON.stringify([DEFAULT, OTHER]));
    localStorage.setItem(LOCAL_KEYS.apiBase, OTHER);
    await apiRequest(z.object({ ok: z.boolean() }), '/api/tasks');
    await auth.signInWithPassword({ email: 'a@example.com', password: 'secret-password' });
    expect((await rawApiAccess()).baseUrl).toBe(OTHER);
    expect(seen[0]).toBe(`${OTHER}/api/tasks`);
    expect(seen.some((u) => u.startsWith(`${OTHER}/auth/v1/token`))).toBe(true);
    expect(seen.filter((u) => u.startsWith(DEFAULT))).toEqual([]);
  });
});
