// The Capacitor shell (apps/mobile, issue 26): `cap sync android` copies the built web app into the Android project
// with no network, and the kept Android project asks for exactly the permissions the app uses and declares its links.
// Needs the built web app (npm run build). An APK is not built here (see docs/mobile.md).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const mobile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.resolve(mobile, '../web/dist');
const android = path.join(mobile, 'android');
const run = promisify(execFile);
const read = (p) => readFileSync(path.join(android, p), 'utf8');

test('the Capacitor packages are 8.x', () => {
  const version = (name) => JSON.parse(readFileSync(path.join(mobile, '../../node_modules', name, 'package.json'), 'utf8')).version;
  for (const name of ['@capacitor/cli', '@capacitor/core', '@capacitor/android', '@capacitor/app', '@capacitor/browser', '@capacitor/camera']) assert.match(version(name), /^8\./, name);
});

test('cap sync android copies the built web app into the Android project, offline', async () => {
  assert.ok(existsSync(path.join(webDist, 'index.html')), 'apps/web/dist is not built: run npm run build first');
  // No network: any request the CLI tried would go to a proxy where nothing answers.
  const env = { ...process.env, CI: 'true', HTTP_PROXY: 'http://127.0.0.1:9', HTTPS_PROXY: 'http://127.0.0.1:9', npm_config_offline: 'true', CAPACITOR_TELEMETRY: 'false' };
  const { stdout } = await run('npx', ['cap', 'sync', 'android'], { cwd: mobile, env, timeout: 120_000 });
  assert.match(stdout, /Sync finished/);
  const copied = path.join(android, 'app/src/main/assets/public');
  assert.equal(readFileSync(path.join(copied, 'index.html'), 'utf8'), readFileSync(path.join(webDist, 'index.html'), 'utf8'));
  for (const file of ['manifest.webmanifest', 'sw.js']) assert.ok(existsSync(path.join(copied, file)), `${file} copied`);
  const config = JSON.parse(read('app/src/main/assets/capacitor.config.json'));
  assert.equal(config.appId, 'app.fieldbook.mobile');
  assert.equal(config.appName, 'Fieldbook');
  // The native plugins the web app calls: App (appUrlOpen, the launch link), Browser (Google's consent) and Camera
  // (a job's Take photo, issue 35).
  const plugins = JSON.parse(read('app/src/main/assets/capacitor.plugins.json')).map((p) => p.pkg);
  for (const pkg of ['@capacitor/app', '@capacitor/browser', '@capacitor/camera']) assert.ok(plugins.includes(pkg), `${pkg} in capacitor.plugins.json`);
  const settings = read('capacitor.settings.gradle');
  for (const project of [':capacitor-app', ':capacitor-browser', ':capacitor-camera']) assert.ok(settings.includes(`include '${project}'`), `${project} in capacitor.settings.gradle`);
});

test('the Android manifest asks for exactly the permissions the app uses', () => {
  const manifest = read('app/src/main/AndroidManifest.xml');
  const permissions = [...manifest.matchAll(/<uses-permission android:name="android\.permission\.([A-Z_]+)"/g)].map((m) => m[1]).sort();
  // The call recorder's (@fieldbook/call-recorder RecorderPermissionType: a manual recording needs them all, spec 001
  // §5) — RECORD_AUDIO, READ_PHONE_STATE, READ_CALL_LOG, READ_MEDIA_AUDIO, READ_CONTACTS, POST_NOTIFICATIONS — and INTERNET.
  assert.deepEqual(permissions, ['INTERNET', 'POST_NOTIFICATIONS', 'READ_CALL_LOG', 'READ_CONTACTS', 'READ_MEDIA_AUDIO', 'READ_PHONE_STATE', 'RECORD_AUDIO']);
});

test('the Android manifest declares the fieldbook:// scheme and verified https App Links', () => {
  const manifest = read('app/src/main/AndroidManifest.xml');
  const filters = [...manifest.matchAll(/<intent-filter([^>]*)>([\s\S]*?)<\/intent-filter>/g)].map((m) => ({ attrs: m[1], body: m[2] }));
  const scheme = filters.find((f) => f.body.includes('android:scheme="fieldbook"'));
  assert.ok(scheme, 'a fieldbook:// filter');
  assert.match(scheme.body, /android\.intent\.category\.BROWSABLE/);
  const appLinks = filters.find((f) => f.body.includes('android:scheme="https"'));
  assert.ok(appLinks, 'an https filter');
  assert.match(appLinks.attrs, /android:autoVerify="true"/);
  assert.match(appLinks.body, /android:host="\$\{appLinksHost\}"/);
  assert.match(appLinks.body, /android:pathPrefix="\/invitation\/"/);
  assert.match(read('app/build.gradle'), /manifestPlaceholders = \[appLinksHost: project\.findProperty\('fieldbookHost'\)/);
});
