import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appLinkRoute, hostsOf } from './app-links';

const ctx = { trustedHosts: ['fieldbook.example.com', '127.0.0.1:3413'] };
const route = (url: unknown) => appLinkRoute(url, ctx);
const TOKEN = 'Zq3v9x_-K2mTtY8bQw4rLs7nVc1dXe5fGh6jJk0pP2o';
const INVITE_ID = '0b6f2c1e-8a4d-4f3b-9c2e-1d5a7b9c0e3f';

describe('appLinkRoute: the links the app is opened with, as in-app routes', () => {
  it('opens an invitation from fieldbook://accept-invitation?token=…', () => {
    expect(route(`fieldbook://accept-invitation?token=${TOKEN}`)).toBe(`/invitation/${TOKEN}`);
    expect(route(`FIELDBOOK://Accept-Invitation?token=${TOKEN}`)).toBe(`/invitation/${TOKEN}`);
    expect(route(`fieldbook://accept-invitation/?token=${TOKEN}&utm=x`)).toBe(`/invitation/${TOKEN}`);
  });

  it('opens the https App Links of the server: /invitation/…, /accept-invitation and /group-invite/…', () => {
    expect(route(`https://fieldbook.example.com/invitation/${TOKEN}`)).toBe(`/invitation/${TOKEN}`);
    expect(route(`https://fieldbook.example.com/invitation/${TOKEN}/`)).toBe(`/invitation/${TOKEN}`);
    expect(route(`https://FIELDBOOK.example.com/accept-invitation?token=${TOKEN}`)).toBe(`/invitation/${TOKEN}`);
    expect(route(`https://fieldbook.example.com/group-invite/${INVITE_ID}`)).toBe(`/group-invite/${INVITE_ID}`);
    expect(route(`https://fieldbook.example.com/group-invite/${INVITE_ID.toUpperCase()}`)).toBe(`/group-invite/${INVITE_ID}`);
    expect(route(`https://127.0.0.1:3413/invitation/${TOKEN}`)).toBe(`/invitation/${TOKEN}`);
  });

  it('brings Google Drive’s return back to the screen the connect started from, with the result code or the error', () => {
    const result = 'r'.repeat(43);
    expect(route(`fieldbook://drive-connected?result=${result}&return_to=/jobs`)).toBe(`/jobs?drive_result=${result}`);
    expect(route(`fieldbook://drive-connected?result=${result}`)).toBe(`/?drive_result=${result}`);
    expect(route('fieldbook://drive-connected?drive_error=access_denied&return_to=%2Fjobs')).toBe('/jobs?drive_error=access_denied');
    expect(route('fieldbook://drive-connected?drive_error=auth_failed')).toBe('/?drive_error=auth_failed');
    expect(route('fieldbook://drive-connected')).toBe('/');
  });

  it('carries a Drive error only as one of the server’s codes: any other text from a link goes home, never to Settings', () => {
    for (const planted of [
      'Your Google account is suspended. Call 1-800-555-0100 to restore it.',
      'Failed to connect to Google Drive: access_denied',
      'Access_Denied',
      ' access_denied',
      'constructor',
      '__proto__',
      '',
      'x'.repeat(500),
    ]) {
      expect(route(`fieldbook://drive-connected?drive_error=${encodeURIComponent(planted)}&return_to=%2Fjobs`), planted).toBe('/');
    }
  });

  it('sends unknown links home', () => {
    for (const url of [
      'fieldbook://',
      'fieldbook://home',
      'fieldbook://settings?tab=integrations',
      'fieldbook://accept-invitation',
      'fieldbook://accept-invitation?token=',
      `https://fieldbook.example.com/jobs/${INVITE_ID}`,
      'https://fieldbook.example.com/',
      `https://fieldbook.example.com/invitation/${TOKEN}/extra`,
      `https://fieldbook.example.com/group-invite/not-a-uuid`,
      `https://fieldbook.example.com/accept-invitation/${TOKEN}`,
    ]) {
      expect(route(url), url).toBe('/');
    }
  });

  it('never goes anywhere a hostile link names: other hosts, other schemes, traversal, injected paths', () => {
    const hostile = [
      // Other hosts, look-alikes, user info, plain http.
      `https://evil.example/invitation/${TOKEN}`,
      `https://fieldbook.example.com.evil.example/invitation/${TOKEN}`,
      `https://fieldbook.example.com@evil.example/invitation/${TOKEN}`,
      `https://user:pass@fieldbook.example.com/invitation/${TOKEN}`,
      `http://fieldbook.example.com/invitation/${TOKEN}`,
      `https://127.0.0.1:9/invitation/${TOKEN}`,
      // Other schemes.
      'javascript:alert(document.cookie)',
      'JaVaScRiPt:alert(1)//fieldbook://accept-invitation?token=abc',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'intent://accept-invitation#Intent;scheme=fieldbook;end',
      'vbscript:msgbox(1)',
      // Traversal and injection through the token, the id or the return path.
      'fieldbook://accept-invitation?token=../../settings',
      'fieldbook://accept-invitation?token=%2e%2e%2f%2e%2e%2fadmin',
      'fieldbook://accept-invitation?token=abcdefgh%2F..%2F..%2Fjobs',
      'fieldbook://accept-invitation?token=abcdefgh?x=1',
      'fieldbook://accept-invitation?token=javascript:alert(1)',
      'fieldbook://accept-invitation/../../jobs?token=abcdefghij',
      'fieldbook://accept-invitation/jobs?token=abcdefghij',
      `https://fieldbook.example.com/invitation/../workspace-management`,
      `https://fieldbook.example.com/invitation/%2e%2e/workspace-management`,
      `https://fieldbook.example.com/invitation/..%2Fworkspace-management`,
      `https://fieldbook.example.com/group-invite/${INVITE_ID}%2F..%2F..%2Fjobs`,
      `https://fieldbook.example.com//evil.example/invitation/${TOKEN}`,
      'fieldbook://drive-connected?result=../../x',
      'fieldbook://drive-connected?result=abc<script>',
      // Not even strings, or absurdly long.
      '',
      '   ',
      'not a url',
      `fieldbook://accept-invitation?token=${'a'.repeat(5000)}`,
      null,
      undefined,
      42,
      { url: `fieldbook://accept-invitation?token=${TOKEN}` },
    ];
    for (const url of hostile) expect(route(url), String(url)).toBe('/');
  });

  it('keeps Drive’s return path a plain path of this app: a hostile return_to comes back home', () => {
    const result = 'r'.repeat(43);
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/jobs/../../admin', '/./jobs', 'javascript:alert(1)', '/jobs?x=1', '/jobs#x', '/%2e%2e/admin', 'jobs']) {
      expect(route(`fieldbook://drive-connected?result=${result}&return_to=${encodeURIComponent(returnTo)}`), returnTo).toBe(`/?drive_result=${result}`);
    }
    expect(route('fieldbook://drive-connected?drive_error=access_denied&return_to=//evil.example')).toBe('/?drive_error=access_denied');
  });

  it('answers a path of this app for any input at all', () => {
    const isAppPath = (to: string) => to.startsWith('/') && !to.startsWith('//') && !to.includes('\\') && !/^\/[^?]*\/\.\.?(\/|$|\?)/.test(to);
    // Links assembled from the pieces attacks use: schemes, hosts, traversal, encoded slashes, our own words.
    const piece = fc.string({ maxLength: 12 });
    const scheme = fc.constantFrom('fieldbook://', 'FIELDBOOK://', 'fieldbook:', 'https://', 'http://', 'javascript:', 'data:text/html,', 'intent://', 'file://', '');
    const host = fc.constantFrom('fieldbook.example.com', '127.0.0.1:3413', 'evil.example', 'fieldbook.example.com@evil.example', 'accept-invitation', 'drive-connected', '');
    const segment = fc.oneof(piece, fc.constantFrom('..', '.', '%2e%2e', '%2F', 'invitation', 'group-invite', 'accept-invitation', TOKEN, INVITE_ID, ''));
    const value = fc.oneof(piece, fc.constantFrom('//evil.example', '/jobs', '/../x', 'javascript:alert(1)', TOKEN, '%2F..%2F'));
    const param = fc.tuple(fc.constantFrom('token', 'result', 'return_to', 'drive_error', 'x'), value).map(([k, v]) => `${k}=${v}`);
    const link = fc
      .tuple(scheme, host, fc.array(segment, { maxLength: 4 }), fc.array(param, { maxLength: 3 }), fc.option(piece))
      .map(([s, h, path, query, fragment]) => `${s}${h}/${path.join('/')}${query.length ? `?${query.join('&')}` : ''}${fragment === null ? '' : `#${fragment}`}`);
    fc.assert(
      fc.property(fc.oneof(fc.string(), link), (url) => {
        const to = route(url);
        expect(isAppPath(to), `${url} → ${to}`).toBe(true);
        // The destination never carries another origin.
        expect(new URL(to, 'https://app.invalid').origin).toBe('https://app.invalid');
      }),
      { numRuns: 1000 },
    );
  }, 30_000);
});

describe('hostsOf', () => {
  it('is the hosts of the absolute API bases, skipping empty and non-http ones', () => {
    expect(hostsOf(['https://Fieldbook.example.com/', 'http://127.0.0.1:3413', '', null, undefined, 'javascript:x', 'https://fieldbook.example.com'])).toEqual(['fieldbook.example.com', '127.0.0.1:3413']);
  });
});
