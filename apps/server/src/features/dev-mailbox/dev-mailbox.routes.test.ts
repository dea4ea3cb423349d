import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema';
import { enqueueMail } from '../../platform/mail';
import { createTestApp, type TestContext } from '../../test/setup-app';

// A built SPA next to the server, to prove /dev/* never falls back to index.html.
const webDist = mkdtempSync(path.join(tmpdir(), 'fieldbook-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>SPA</title>');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describe('development mailbox (on)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ DEV_MAILBOX: 'true', WEB_DIST: webDist });
    await enqueueMail(ctx.db, { to: 'Ada@Example.com', subject: 'Confirm your signup', text: 'Follow this link: http://localhost:3000/auth/v1/verify?token=abc&type=signup.\nThanks' });
    // Distinct creation times so "newest first" is observable.
    await ctx.db.insert(outboxMessages).values({ channel: 'email', recipient: 'bob@example.com', subject: '<b>Reset</b>', body: 'Reset: https://x.test/reset?t=1 <script>alert(1)</script>', createdAt: new Date(Date.now() + 1000) });
    await ctx.db.insert(outboxMessages).values({ channel: 'sms', recipient: '+15551234567', body: 'Join us: http://localhost:3000/invite/xyz', status: 'stored', createdAt: new Date(Date.now() + 2000) });
  });
  afterAll(() => ctx?.close());

  it('lists every message as JSON, newest first, with the links found in the body', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { messages } = res.json();
    expect(messages.map((m: { to: string }) => m.to)).toEqual(['+15551234567', 'bob@example.com', 'Ada@Example.com']);
    expect(messages[2]).toMatchObject({
      channel: 'email',
      subject: 'Confirm your signup',
      status: 'pending',
      attempts: 0,
      last_error: null,
      links: ['http://localhost:3000/auth/v1/verify?token=abc&type=signup'],
    });
    expect(messages[0]).toMatchObject({ channel: 'sms', status: 'stored', links: ['http://localhost:3000/invite/xyz'] });
  });

  it('filters by recipient, case-insensitively', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox.json?to=ada%40example.com' });
    expect(res.json().messages).toHaveLength(1);
    expect(res.json().messages[0].subject).toBe('Confirm your signup');
    const none = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox.json?to=nobody%40example.com' });
    expect(none.json().messages).toEqual([]);
  });

  it('rejects a bad limit with the error envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox.json?limit=0' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe('limit');
    const one = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox.json?limit=1' });
    expect(one.json().messages).toHaveLength(1);
  });

  it('serves a self-contained HTML page with escaped bodies and clickable links', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<h1>Development mailbox</h1>');
    expect(html).toContain('<a href="http://localhost:3000/auth/v1/verify?token=abc&amp;type=signup">');
    expect(html).toContain('Confirm your signup');
    // Bodies and subjects are text, never markup.
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;b&gt;Reset&lt;/b&gt;');
    // No external assets and no script: the app's CSP (inline styles only) applies unchanged.
    expect(html).not.toMatch(/<(script|link)\b/);
    expect(html).not.toMatch(/src=/);
    expect(res.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    // Newest first on the page too.
    expect(html.indexOf('+15551234567')).toBeLessThan(html.indexOf('bob@example.com'));
    expect(html.indexOf('bob@example.com')).toBeLessThan(html.indexOf('Ada@Example.com'));
  });

  it('filters the page by recipient and says when there is nothing', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/dev/mailbox?to=nobody%40example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('No messages for nobody@example.com yet.');
    expect(res.body).toContain('value="nobody@example.com"');
  });
});

describe('development mailbox (off)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ DEV_MAILBOX: 'false', WEB_DIST: webDist });
    await enqueueMail(ctx.db, { to: 'ada@example.com', subject: 'Secret link', text: 'http://localhost:3000/secret' });
  });
  afterAll(() => ctx?.close());

  it.each(['/dev/mailbox', '/dev/mailbox.json', '/dev/mailbox.json?to=ada%40example.com'])('answers 404 for %s, not the SPA and not the messages', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    expect(res.body).not.toContain('Secret link');
  });

  it('still serves the SPA for client routes (the fixture is really there)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/login' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>SPA</title>');
  });
});
