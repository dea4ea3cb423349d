// The JavaScript a browser loads to show a route of the BUILT web app (design.md §11: login route ≤ 150 kB gzip; no
// route chunk > 250 kB gzip). Serves apps/web/dist as the server does (index.html for client routes), opens each route
// in Debian's Chromium and adds up the gzip size of every script it fetched. Run after `npm run build`:
//   node --import tsx bench/web-weight.ts            (prints the sizes)
//   node --import tsx bench/web-weight.ts --check    (also fails over a budget: what `npm test` runs after the build)
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

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const results: Record<string, { scripts: number; gzipKb: number; largestKb: number }> = {};
for (const route of ['/login', '/signup', '/download']) {
  const page = await browser.newPage();
  const sizes: number[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script')
      void r
        .body()
        .then((b) => sizes.push(gzipSync(b, { level: 9 }).length))
        .catch(() => {});
  });
  await page.goto(`${base}${route}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  results[route] = { scripts: sizes.length, gzipKb: Math.round(sizes.reduce((a, b) => a + b, 0) / 102.4) / 10, largestKb: Math.round(Math.max(...sizes) / 102.4) / 10 };
  await page.close();
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
