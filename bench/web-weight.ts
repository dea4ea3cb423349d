// The JavaScript a browser loads to show a route of the BUILT web app (design.md §11: login route ≤ 150 kB gzip; no
// route chunk > 250 kB gzip). Serves apps/web/dist as the server does (index.html for client routes), opens each route
// in Debian's Chromium and adds up the gzip size of every script it fetched. Run after `npm run build`:
//   node --import tsx bench/web-weight.ts            (prints the sizes)
//   node --import tsx bench/web-weight.ts --check    (also fails over a budget: what `npm test` runs after the build)
//   node --import tsx bench/web-weight.ts --routes=/schedule,/today   (also signed-in routes: see signedIn below)
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const dist = process.env.WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json' };

const server = createServer((req, res) => {
  void (async () => {
    const url = (req.url ?? '/').split('?')[0]!;
    const file = path.join(dist, url);
    const isAsset = url.startsWith('/assets/') || path.extname(url) !== '';
    try {
      const body = await readFile(isAsset && file.startsWith(dist) ? file : path.join(dist, 'index.html'));
      res.writeHead(200, { 'content-type': TYPES[path.extname(isAsset ? file : 'x.html')] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      // No API here: the page's own calls fail, as they would offline; the scripts are what is measured.
      res.writeHead(404).end();
    }
  })();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/**
 * A signed-in route (`--routes=/schedule`) opens with a session already stored where the app keeps it (auth-js's
 * 'fieldbook-auth', as e2e's openAs does), unexpired, so no auth request is made. There is no API here: the page's data
 * calls fail (404) — the scripts of the route (entry, shell, its page chunk and their imports) are what is measured,
 * not what a page may load later from its data.
 */
function signedIn(): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const sub = '00000000-0000-4000-8000-000000000001';
  const claims = { sub, exp, iat: exp - 3600, aal: 'aal1', amr: [{ method: 'password', timestamp: exp - 3600 }], session_id: sub, email: 'weight@example.test', role: 'authenticated' };
  const user = { id: sub, aud: 'authenticated', email: claims.email, app_metadata: { provider: 'email' }, user_metadata: {}, created_at: new Date().toISOString() };
  return JSON.stringify({ access_token: `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.x`, refresh_token: 'weight', token_type: 'bearer', expires_in: 3600, expires_at: exp, user });
}
const extraRoutes = (process.argv.find((a) => a.startsWith('--routes='))?.slice('--routes='.length).split(',') ?? []).filter(Boolean);
const signedOutRoutes = ['/login', '/signup', '/download'];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const results: Record<string, { scripts: number; gzipKb: number; largestKb: number; pageChunkKb?: number; landedOn?: string }> = {};
for (const route of [...signedOutRoutes, ...extraRoutes]) {
  const isSignedIn = !signedOutRoutes.includes(route);
  const context = await browser.newContext();
  if (isSignedIn) await context.addInitScript((stored) => window.localStorage.setItem('fieldbook-auth', stored), signedIn());
  const page = await context.newPage();
  const sizes: { name: string; gzip: number }[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script')
      void r
        .body()
        .then((b) => sizes.push({ name: path.basename(new URL(r.url()).pathname), gzip: gzipSync(b, { level: 9 }).length }))
        .catch(() => {});
  });
  await page.goto(`${base}${route}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
  const gzips = sizes.map((s) => s.gzip);
  results[route] = { scripts: sizes.length, gzipKb: kb(gzips.reduce((a, b) => a + b, 0)), largestKb: kb(Math.max(...gzips)) };
  if (isSignedIn) {
    // The route's own lazy chunk (routes/schedule.tsx → schedule-<hash>.js), and where the page ended up: a signed-in
    // route that landed on /login measured the sign-in page, not itself.
    const own = sizes.find((s) => s.name.startsWith(`${route.slice(1).split('/')[0]}-`));
    results[route] = { ...results[route], ...(own ? { pageChunkKb: kb(own.gzip) } : {}), landedOn: new URL(page.url()).pathname };
  }
  await context.close();
}
await browser.close();
server.close();
console.log(JSON.stringify(results, null, 2));

// Sizes, not timings: the budgets of design.md §11.
const LOGIN_BUDGET_KB = 150;
const CHUNK_BUDGET_KB = 250;
if (process.argv.includes('--check')) {
  const over: string[] = [];
  const login = results['/login'];
  if (!login || login.scripts === 0) over.push('/login loaded no script (is apps/web/dist built?)');
  else if (login.gzipKb > LOGIN_BUDGET_KB) over.push(`/login loads ${login.gzipKb} kB gzip of JavaScript (budget ${LOGIN_BUDGET_KB} kB)`);
  // Every chunk the build made, not only the ones these routes load (lazy routes' chunks too).
  const assets = path.join(dist, 'assets');
  for (const name of (await readdir(assets)).filter((f) => f.endsWith('.js'))) {
    const kb = gzipSync(await readFile(path.join(assets, name)), { level: 9 }).length / 1024;
    if (kb > CHUNK_BUDGET_KB) over.push(`${name} is ${kb.toFixed(1)} kB gzip (budget ${CHUNK_BUDGET_KB} kB per chunk)`);
  }
  if (over.length > 0) {
    console.error(`web weight over budget:\n  ${over.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`web weight: /login ${login?.gzipKb} kB gzip (≤ ${LOGIN_BUDGET_KB}), every chunk ≤ ${CHUNK_BUDGET_KB} kB gzip`);
}
