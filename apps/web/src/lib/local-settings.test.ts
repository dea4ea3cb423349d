import { ClientConfigSchema, readApiOrigins } from '@fieldbook/contract';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearLocalSettings, loadAllowedOrigins, LOCAL_KEYS, resetLocalApiBase, resolveApiBaseUrl, storedAllowedOrigins, storedApiBase, storeSettingsLocally } from './local-settings';

const opts = { isDev: false, selfOrigin: 'https://app.fieldbook.example', allowedOrigins: ['https://app.fieldbook.example', 'https://api.fieldbook.example'] };

beforeEach(() => localStorage.clear());

describe('resolveApiBaseUrl', () => {
  it('uses this origin unless an allowed address is stored', () => {
    expect(resolveApiBaseUrl(null, opts)).toBe('');
    expect(resolveApiBaseUrl('   ', opts)).toBe('');
    expect(resolveApiBaseUrl('https://api.fieldbook.example/', opts)).toBe('https://api.fieldbook.example');
    expect(resolveApiBaseUrl('https://app.fieldbook.example', opts)).toBe('');
  });

  it('ignores an address the deployment does not allow — the page could not reach it, nor undo it', () => {
    expect(resolveApiBaseUrl('https://evil.example.net', opts)).toBe('');
    expect(resolveApiBaseUrl('https://api.fieldbook.example.evil.net', opts)).toBe('');
    expect(resolveApiBaseUrl('not a url', opts)).toBe('');
    expect(resolveApiBaseUrl('http://localhost:3000', opts)).toBe('');
  });

  it('keeps localhost addresses in development builds', () => {
    expect(resolveApiBaseUrl('http://127.0.0.1:3000/', { ...opts, isDev: true })).toBe('http://127.0.0.1:3000');
  });
});

describe('browser copies of the settings', () => {
  it('stores the API URL, resets it without the API, and sign-out clears the user’s copies', () => {
    storeSettingsLocally({ notifications_enabled: true, email_notifications: false, sms_notifications: true, api_url: 'https://api.fieldbook.example' });
    expect(storedApiBase()).toBe('https://api.fieldbook.example');
    resetLocalApiBase();
    expect(storedApiBase()).toBeNull();
    storeSettingsLocally({ notifications_enabled: true, email_notifications: false, sms_notifications: true, api_url: 'https://api.fieldbook.example' });
    localStorage.setItem(LOCAL_KEYS.allowedOrigins, '["https://api.fieldbook.example"]');
    clearLocalSettings();
    expect(localStorage.getItem(LOCAL_KEYS.apiBase)).toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.notifications)).toBeNull();
    expect(localStorage.getItem(LOCAL_KEYS.allowedOrigins)).not.toBeNull();
  });
});

describe('the deployment’s allowed origins', () => {
  const respond = (body: unknown, status = 200): typeof fetch => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('keeps the origins the client config names', async () => {
    await expect(loadAllowedOrigins(respond({ api_origins: ['https://api.fieldbook.example'], android_apk_url: null }))).resolves.toEqual(['https://api.fieldbook.example']);
    expect(storedAllowedOrigins()).toEqual(['https://api.fieldbook.example']);
  });

  it('refuses a malformed answer or a failed request and keeps what it had', async () => {
    localStorage.setItem(LOCAL_KEYS.allowedOrigins, '["https://api.fieldbook.example"]');
    await expect(loadAllowedOrigins(respond({ api_origins: 'https://evil.example' }))).rejects.toThrow(/api_origins/);
    await expect(loadAllowedOrigins(respond({ error: 'down' }, 503))).rejects.toThrow(/503/);
    expect(storedAllowedOrigins()).toEqual(['https://api.fieldbook.example']);
  });

  // The entry chunk checks by hand what the server's schema says (zod stays out of the login route).
  it('reads api_origins exactly as ClientConfigSchema does', () => {
    const body = fc.oneof(
      fc.record({ api_origins: fc.array(fc.oneof(fc.string(), fc.webUrl())), android_apk_url: fc.constant(null) }),
      fc.record({ api_origins: fc.oneof(fc.array(fc.anything()), fc.anything()) }),
      fc.anything(),
    );
    fc.assert(
      fc.property(body, (value) => {
        const byHand = (() => { try { return readApiOrigins(value); } catch { return 'refused'; } })();
        const field = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).api_origins : undefined;
        const parsed = ClientConfigSchema.shape.api_origins.safeParse(field);
        expect(byHand).toEqual(parsed.success ? parsed.data : 'refused');
      }),
    );
  });
});
