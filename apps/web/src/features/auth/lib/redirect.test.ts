import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectTarget } from './redirect';

describe('login redirects', () => {
  it('carries the requested path', () => {
    expect(loginPathFor('/tasks')).toBe('/login?redirect=/tasks');
    expect(loginPathFor('/tasks?tab=search&q=a b')).toBe('/login?redirect=/tasks%3Ftab%3Dsearch%26q%3Da%20b');
    expect(loginPathFor('/')).toBe('/login');
  });

  it('round-trips through URLSearchParams', () => {
    const url = new URL(loginPathFor('/jobs/123?x=1'), 'http://localhost');
    expect(safeRedirectTarget(url.searchParams.get('redirect'))).toBe('/jobs/123?x=1');
  });

  it('refuses other sites and auth pages', () => {
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', '/login', '/signup?x=1']) {
      expect(safeRedirectTarget(bad)).toBe('/');
    }
  });
});
