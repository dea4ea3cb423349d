import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { currentRequestId, redactUrl, requestIdGenerator, runWithRequestId } from './request-context';

const request = (remoteAddress: string, id?: string) => ({ headers: id === undefined ? {} : { 'x-request-id': id }, socket: { remoteAddress } }) as unknown as IncomingMessage;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it("keeps a trusted proxy's X-Request-Id and makes a new one for anyone else", () => {
    const gen = requestIdGenerator(['10.0.0.5', '192.168.0.0/16', 'loopback']);
    expect(gen(request('10.0.0.5', 'lb-123'))).toBe('lb-123');
    expect(gen(request('::ffff:192.168.4.7', 'lb-456'))).toBe('lb-456');
    expect(gen(request('::1', 'lb-789'))).toBe('lb-789');
    expect(gen(request('10.0.0.6', 'spoofed'))).toMatch(UUID);
    expect(gen(request('10.0.0.5'))).toMatch(UUID);
    // Malformed (it goes into logs and a header as is): replaced.
    expect(gen(request('10.0.0.5', 'a b\n{"level":60}'))).toMatch(UUID);
    expect(gen(request('10.0.0.5', 'x'.repeat(200)))).toMatch(UUID);
  });

  it('without TRUSTED_PROXIES every id is new', () => {
    const gen = requestIdGenerator([]);
    expect(gen(request('127.0.0.1', 'chosen'))).toMatch(UUID);
    expect(gen(request('127.0.0.1'))).not.toBe(gen(request('127.0.0.1')));
  });

  it('runs work in a request context, and outside any', async () => {
    expect(currentRequestId()).toBeNull();
    await runWithRequestId('r-1', async () => {
      await new Promise((r) => setTimeout(r, 1));
      expect(currentRequestId()).toBe('r-1');
      runWithRequestId(null, () => expect(currentRequestId()).toBeNull());
    });
  });
});

describe('redactUrl', () => {
  it.each([
    ['/auth/v1/verify?token=abcdef123456&type=signup&redirect_to=http%3A%2F%2Fx%2Flogin', '/auth/v1/verify?token=[redacted]&type=signup&redirect_to=http%3A%2F%2Fx%2Flogin'],
    ['/api/drive/callback?code=4/0Ab-xyz&state=s3cr3t', '/api/drive/callback?code=[redacted]&state=[redacted]'],
    ['/api/invitations/Dv_QBuObwpL-XYc-IMJuwEfgExUJIqJGFIoOml6kFdw/accept', '/api/invitations/[redacted]/accept'],
    ['/api/shared-documents/c77424ea-e602-45c7-b738-baaa3164a15f.1796260496.jYgOojDH4zC70uac38f4', '/api/shared-documents/[redacted]'],
    ['/api/recording-audio/d8279a4c.1795659298.pBoGWQIJ', '/api/recording-audio/[redacted]'],
    ['/api/something/aVeryLongOpaqueTokenLikeSegment0123456789', '/api/something/[redacted]'],
    // The homeowner's quote link, also copied out of a sentence with its punctuation (issue 32 item 4).
    ['/q/c77424ea-e602-45c7-b738-baaa3164a15f.1796260496.jYgOojDH4zC70uac38f4', '/q/[redacted]'],
    ['/q/c77424ea-e602-45c7-b738-baaa3164a15f.1796260496.jYgOojDH4zC70uac38f4).', '/q/[redacted]'],
    ['/api/public/quotes/c77424ea.1796260496.jYgOojDH4z/approve', '/api/public/quotes/[redacted]/approve'],
    ['/somewhere/(aVeryLongOpaqueTokenLikeSegment0123456789),', '/somewhere/([redacted]),'],
    ['/somewhere/aVeryLongOpaqueTokenLikeSegment0123456789%29', '/somewhere/[redacted]'],
  ])('%s', (url, logged) => expect(redactUrl(url)).toBe(logged));

  it('leaves ids and ordinary parameters alone', () => {
    const url = '/api/documents/c77424ea-e602-45c7-b738-baaa3164a15f/content?limit=50&q=roof';
    expect(redactUrl(url)).toBe(url);
    expect(redactUrl('/auth/v1/token?grant_type=password')).toBe('/auth/v1/token?grant_type=password');
    expect(redactUrl('/api/quotes/c77424ea-e602-45c7-b738-baaa3164a15f/send')).toBe('/api/quotes/c77424ea-e602-45c7-b738-baaa3164a15f/send');
    expect(redactUrl('/assets/index-BzX8sQ2c.js')).toBe('/assets/index-BzX8sQ2c.js');
  });
});
