#!/usr/bin/env node
/**
 * Measures the gzip JS each route needs (design.md §11): the entry chunk with its static imports plus the
 * route's lazy page module with its static imports. Fails when the login route exceeds 150 kB or any
 * single chunk exceeds 250 kB. Sizes are gzip level 9 of each chunk, in KiB (1024 bytes); the decimal
 * figure is printed beside the login total. Usage: node apps/web/scripts/check-bundle-size.mjs
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const LOGIN_LIMIT_KB = 150;
const CHUNK_LIMIT_KB = 250;
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = mkdtempSync(path.join(tmpdir(), 'fieldbook-web-size-'));

try {
  execFileSync('npx', ['vite', 'build', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], { cwd: webDir, stdio: 'inherit' });
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
  const gz = new Map();
  const sizeOf = (file) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length / 1024);
    return gz.get(file);
  };
  const collect = (key, files = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) collect(dep, files);
    return files;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const entryFiles = collect(entryKey);
  const routeKeys = Object.keys(manifest).filter((k) => k.startsWith('src/app/routes/'));
  const shellKey = Object.keys(manifest).find((k) => k.endsWith('shell/app-shell.tsx'));
  let failed = false;
  const rows = routeKeys.map((key) => {
    const files = collect(key, new Set(entryFiles));
    const isPublic = /routes\/(login|signup|forgot-password|reset-password|download|not-found)\.tsx$/.test(key);
    if (!isPublic && shellKey) collect(shellKey, files);
    const total = [...files].reduce((sum, f) => sum + (f.endsWith('.js') ? sizeOf(f) : 0), 0);
    return { route: key.replace('src/app/routes/', ''), total };
  });
  rows.sort((a, b) => b.total - a.total);
  for (const { route, total } of rows) console.log(`${route.padEnd(28)} ${total.toFixed(1).padStart(7)} KiB gzip JS`);
  const login = rows.find((r) => r.route === 'login.tsx');
  if (login) console.log(`login route: ${login.total.toFixed(1)} KiB = ${((login.total * 1024) / 1000).toFixed(1)} kB (decimal)`);
  if (!login || login.total > LOGIN_LIMIT_KB) {
    console.error(`login route: ${login?.total.toFixed(1)} kB > ${LOGIN_LIMIT_KB} kB`);
    failed = true;
  }
  for (const chunk of Object.values(manifest)) {
    if (chunk.file.endsWith('.js') && sizeOf(chunk.file) > CHUNK_LIMIT_KB) {
      console.error(`chunk ${chunk.file}: ${sizeOf(chunk.file).toFixed(1)} kB > ${CHUNK_LIMIT_KB} kB`);
      failed = true;
    }
  }
  const largest = Object.values(manifest).filter((c) => c.file.endsWith('.js')).sort((a, b) => sizeOf(b.file) - sizeOf(a.file)).slice(0, 3);
  console.log(`largest chunks: ${largest.map((c) => `${c.file} ${sizeOf(c.file).toFixed(1)} KiB`).join(', ')}`);
  process.exitCode = failed ? 1 : 0;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
