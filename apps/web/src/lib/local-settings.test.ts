import { beforeEach, describe, expect, it } from 'vitest';
import { clearLocalSettings, LOCAL_KEYS, resetLocalApiBase, resolveApiBaseUrl, storedApiBase, storeSettingsLocally } from './local-settings';

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
