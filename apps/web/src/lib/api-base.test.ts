import { Capacitor } from '@capacitor/core';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE_META, apiBaseUrl, builtInApiBase, clientConfigUrl, detectNativePlatform, normalizeApiBase, resetNativeAppForTests, resolveNativeApiBase, serverUrl } from './api-base';
import { clearLocalSettings, LOCAL_KEYS, resetLocalApiBase, storeSettingsLocally } from './local-settings';

const DEFAULT = 'https://fieldbook.example.com';

function setBuiltIn(value: string | null) {
  document.head.querySelector(`meta[name="${API_BASE_META}"]`)?.remove();
  if (value === null) return;
  const meta = document.createElement('meta');
  meta.name = API_BASE_META;
  meta.content = value;
  document.head.append(meta);
}

function asApp(isApp: boolean) {
  resetNativeAppForTests();
  vi.spyOn(Capacitor, 'isNativePlatform').mockReturnValue(isApp);
}

beforeEach(() => {
  localStorage.clear();
  setBuiltIn(null);
});
afterEach(() => {
  vi.restoreAllMocks();
  resetNativeAppForTests();
});

describe('detectNativePlatform (Capacitor.isNativePlatform without loading @capacitor/core)', () => {
  it('asks the bridge’s Capacitor when it answers, else reads the custom platform or the native bridge objects', () => {
    expect(detectNativePlatform({})).toBe(false);
    expect(detectNativePlatform({ Capacitor: { isNativePlatform: () => true } })).toBe(true);
    expect(detectNativePlatform({ Capacitor: { isNativePlatform: () => false }, CapacitorCustomPlatform: { name: 'android' } })).toBe(false);
    // The fake bridge of the browser tests: PluginHeaders and nativePromise, a custom platform, no core loaded yet.
    expect(detectNativePlatform({ Capacitor: {}, CapacitorCustomPlatform: { name: 'android' } })).toBe(true);
    expect(detectNativePlatform({ CapacitorCustomPlatform: { name: 'web' } })).toBe(false);
    expect(detectNativePlatform({ androidBridge: {} })).toBe(true);
    expect(detectNativePlatform({ webkit: { messageHandlers: { bridge: {} } } })).toBe(true);
    expect(detectNativePlatform({ webkit: { messageHandlers: {} } })).toBe(false);
  });
  it('agrees with @capacitor/core in this browser', () => {
    expect(detectNativePlatform(window as never)).toBe(Capacitor.isNativePlatform());
  });
});

describe('normalizeApiBase', () => {
  it('keeps absolute http(s) addresses without the trailing slash; refuses anything else', () => {
    expect(normalizeApiBase('https://fieldbook.example.com/')).toBe(DEFAULT);
    expect(normalizeApiBase(' https://fieldbook.example.com/api-host// ')).toBe('https://fieldbook.example.com/api-host');
    for (const bad of [null, undefined, '', '%VITE_API_BASE%', '/api', 'fieldbook.example.com', 'javascript:alert(1)', 'ftp://x.example', 'https://u:p@x.example', 'https://x.example/?a=1', 'https://x.example/#f', 'https://x .example']) {
      expect(normalizeApiBase(bad), String(bad)).toBeNull();
    }
  });
});

describe('builtInApiBase', () => {
  it('reads the build’s VITE_API_BASE from index.html’s meta tag; none (or the unreplaced placeholder) is null', () => {
    expect(builtInApiBase()).toBeNull();
    setBuiltIn('%VITE_API_BASE%');
    expect(builtInApiBase()).toBeNull();
    setBuiltIn('');
    expect(builtInApiBase()).toBeNull();
    setBuiltIn(`${DEFAULT}/`);
    expect(builtInApiBase()).toBe(DEFAULT);
  });
});

describe('resolveNativeApiBase (in the app)', () => {
  const opts = { builtIn: DEFAULT, allowedOrigins: ['https://fieldbook.example.com', 'https://api.fieldbook.example.com'] };
  it('uses the stored address when its origin is the default’s or one the default server allows', () => {
    expect(resolveNativeApiBase(DEFAULT, opts)).toBe(DEFAULT);
    expect(resolveNativeApiBase('https://api.fieldbook.example.com/', opts)).toBe('https://api.fieldbook.example.com');
    expect(resolveNativeApiBase('https://fieldbook.example.com/other', { builtIn: DEFAULT, allowedOrigins: [] })).toBe('https://fieldbook.example.com/other');
  });
  it('falls back to the default for anything else — never to this origin (the app’s own files)', () => {
    for (const stored of [null, '', 'https://evil.example', 'https://api.fieldbook.example.com.evil.example', 'http://fieldbook.example.com', 'javascript:alert(1)', '/api']) {
      expect(resolveNativeApiBase(stored, opts), String(stored)).toBe(DEFAULT);
    }
  });
  it('without a built-in default uses the stored address (only the app writes it), else this origin', () => {
    expect(resolveNativeApiBase('http://127.0.0.1:3413', { builtIn: null, allowedOrigins: [] })).toBe('http://127.0.0.1:3413');
    expect(resolveNativeApiBase('not a url', { builtIn: null, allowedOrigins: [] })).toBe('');
    expect(resolveNativeApiBase(null, { builtIn: null, allowedOrigins: [] })).toBe('');
  });
});

describe('apiBaseUrl', () => {
  it('in a browser: same origin unless an allowed API URL is stored; nothing is stored', () => {
    asApp(false);
    setBuiltIn(DEFAULT);
    expect(apiBaseUrl()).toBe('');
    expect(localStorage.getItem(LOCAL_KEYS.apiBase)).toBeNull();
    localStorage.setItem(LOCAL_KEYS.apiBase, 'https://api.fieldbook.example.com');
    expect(apiBaseUrl()).toBe('');
    localStorage.setItem(LOCAL_KEYS.allowedOrigins, JSON.stringify(['https://api.fieldbook.example.com']));
    expect(apiBaseUrl()).toBe('https://api.fieldbook.example.com');
    expect(clientConfigUrl()).toBe('/api/client-config');
    expect(serverUrl('/login')).toBe(`${window.location.origin}/login`);
  });

  it('in the app: absolute, the built-in default stored in apiBaseUrl when absent (spec 000)', () => {
    asApp(true);
    setBuiltIn(DEFAULT);
    expect(apiBaseUrl()).toBe(DEFAULT);
    expect(localStorage.getItem(LOCAL_KEYS.apiBase)).toBe(DEFAULT);
    // A garbled value is replaced by the default as well.
    localStorage.setItem(LOCAL_KEYS.apiBase, 'not a url');
    expect(apiBaseUrl()).toBe(DEFAULT);
    expect(localStorage.getItem(LOCAL_KEYS.apiBase)).toBe(DEFAULT);
    expect(clientConfigUrl()).toBe(`${DEFAULT}/api/client-config`);
    expect(serverUrl('/login')).toBe(`${DEFAULT}/login`);
  });

  it('in the app: Settings’ API URL is followed when the default server allows its origin, ignored otherwise', () => {
    asApp(true);
    setBuiltIn(DEFAULT);
    localStorage.setItem(LOCAL_KEYS.apiBase, 'https://api.fieldbook.example.com');
    expect(apiBaseUrl()).toBe(DEFAULT);
    localStorage.setItem(LOCAL_KEYS.allowedOrigins, JSON.stringify([DEFAULT, 'https://api.fieldbook.example.com']));
    expect(apiBaseUrl()).toBe('https://api.fieldbook.example.com');
    expect(serverUrl('/login')).toBe('https://api.fieldbook.example.com/login');
    // Allowed origins are always asked of the default server, whatever is stored.
    expect(clientConfigUrl()).toBe(`${DEFAULT}/api/client-config`);
    // Nothing stored (removed by hand): the default is stored again.
    localStorage.removeItem(LOCAL_KEYS.apiBase);
    expect(apiBaseUrl()).toBe(DEFAULT);
    expect(localStorage.getItem(LOCAL_KEYS.apiBase)).toBe(DEFAULT);
  });

  it('in the app: "Reset to default", saved settings without an API URL and sign-out store the default, never nothing', () => {
    asApp(true);
    setBuiltIn(DEFAULT);
    const settings = { notifications_enabled: true, email_notifications: true, sms_notifications: true };
    storeSettingsLocally({ ...settings, api_url: 'https://api.fieldbook.example.com' });
    expect(localStorage.getItem(LOCAL_KEYS.apiBase)).toBe('https://api.fieldbook.example.com');
    resetLocalApiBase();
    expect(localStorage.getItem(LOCAL_KEYS.apiBase)).toBe(DEFAULT);
    storeSettingsLocally({ ...settings, api_url: 'https://api.fieldbook.example.com' });
    storeSettingsLocally({ ...settings, api_url: null });
    expect(localStorage.getItem(LOCAL_KEYS.apiBase)).toBe(DEFAULT);
    storeSettingsLocally({ ...settings, api_url: 'https://api.fieldbook.example.com' });
    clearLocalSettings();
    expect(localStorage.getItem(LOCAL_KEYS.apiBase)).toBe(DEFAULT);
    // In a browser they remove it (this origin), as before.
    asApp(false);
    resetLocalApiBase();
    expect(localStorage.getItem(LOCAL_KEYS.apiBase)).toBeNull();
  });

  it('in the app without a built-in default: the stored address', () => {
    asApp(true);
    expect(apiBaseUrl()).toBe('');
    expect(localStorage.getItem(LOCAL_KEYS.apiBase)).toBeNull();
    localStorage.setItem(LOCAL_KEYS.apiBase, 'http://127.0.0.1:3413/');
    expect(apiBaseUrl()).toBe('http://127.0.0.1:3413');
    expect(clientConfigUrl()).toBe('http://127.0.0.1:3413/api/client-config');
  });
});

describe('one home for the base', () => {
  const src = path.resolve(import.meta.dirname, '..');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) return name === 'test' ? [] : files(p);
      return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
    });

  it('no request of the app is addressed by hand: same-origin paths and this page’s origin go through lib/api-base.ts', () => {
    const offenders: string[] = [];
    for (const file of files(src)) {
      const rel = path.relative(src, file);
      const text = readFileSync(file, 'utf8');
      // A fetch, XMLHttpRequest, EventSource or upload endpoint given a literal same-origin path.
      if (/\b(fetch|open|EventSource)\(\s*(['"`])\/(api|auth|dev)\b/.test(text) || /\bendpoint:\s*(['"`])\/(api|auth)\b/.test(text)) offenders.push(`${rel}: a request to a literal path`);
      // The page's origin as a request address: only the base's home and the auth client's fallback. hub-return.ts
      // reads it for navigation, not a request: whether a link the server made (a quote's) is this page's own, to open
      // it in the app with the hub's way back.
      const mayReadOrigin = ['lib/api-base.ts', 'lib/auth-client.ts', 'features/client-hub/lib/hub-return.ts'];
      if (/location\.origin/.test(text) && !mayReadOrigin.includes(rel)) offenders.push(`${rel}: location.origin`);
    }
    expect(offenders).toEqual([]);
  });
});
