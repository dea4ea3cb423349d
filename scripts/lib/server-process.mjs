// Helpers for the scripts that test the BUILT server as real processes (scale-out-test.mjs,
// graceful-shutdown-test.mjs): start apps/server/dist/main.js, wait for it, talk to it over loopback.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

export const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The bundle to start; FIELDBOOK_SERVER_MAIN names another (e.g. a patched copy, to see a check fail). */
export const MAIN = process.env.FIELDBOOK_SERVER_MAIN ?? path.join(repo, 'apps/server/dist/main.js');
export const JWT_SECRET = 'scale-out-test-secret-0123456789-abcdefghij';

export function assertBuilt() {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
}

/** A port nobody listens on right now (loopback). */
export async function freePort() {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

/** Polls `check` every `everyMs` until it answers something truthy; throws after `timeoutMs`. Answers what it answered. */
export async function waitFor(what, check, { timeoutMs = 10_000, everyMs = 50 } = {}) {
  const until = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      if (err?.fatal) throw err;
      last = err;
    }
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (last error: ${last.message})` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Starts `node apps/server/dist/main.js` with `env` on a free loopback port. Its output is kept (`output()`), and
 * `waitForOutput(re)` resolves when a line matches. `ready()` waits for GET /readyz 200. `nodeFlags` go after the
 * product's own (a measurement trying a V8 setting).
 */
export async function startServer(name, env, { nodeFlags = [] } = {}) {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const base = `http://127.0.0.1:${port}`;
  // As `npm start` runs it (server-flags.mjs).
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeFlags, MAIN], {
    cwd: repo,
    // A setting given as undefined is left out (e.g. JWT_SECRET: undefined, to start without one).
    env: withoutUndefined({
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      JWT_SECRET,
      AUTH_AUTOCONFIRM: 'true',
      SEED_DEMO: 'false',
      DEV_MAILBOX: 'false',
      LOG_LEVEL: 'info',
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const watchers = new Set();
  const onData = (chunk) => {
    text += chunk.toString();
    for (const w of watchers) w();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  function waitForOutput(re, timeoutMs = 10_000) {
    return new Promise((resolve, reject) => {
      const check = () => {
        const m = re.exec(text);
        if (m) {
          done();
          resolve(m);
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`${name}: no output matching ${re} within ${timeoutMs} ms. Output:\n${text.slice(-3000)}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        watchers.delete(check);
      };
      watchers.add(check);
      check();
    });
  }

  async function ready(timeoutMs = 60_000) {
    const t0 = Date.now();
    await waitFor(
      `${name} /readyz`,
      async () => {
        if (child.exitCode !== null) throw Object.assign(new Error(`${name} exited with ${child.exitCode}:\n${text.slice(-3000)}`), { fatal: true });
        const res = await fetch(`${base}/readyz`);
        return res.status === 200;
      },
      { timeoutMs, everyMs: 100 },
    ).catch((err) => {
      throw new Error(`${err.message}\n${name} output:\n${text.slice(-3000)}`);
    });
    return Date.now() - t0;
  }

  return {
    name,
    port,
    base,
    child,
    exited,
    ready,
    waitForOutput,
    output: () => text,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

const withoutUndefined = (env) => Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined));

/** fetch with a JSON body and bearer token; answers { status, body }. */
export async function call(base, method, url, { token, json, headers = {}, body } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : body,
  });
  const type = res.headers.get('content-type') ?? '';
  const payload = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
  return { status: res.status, body: payload, headers: res.headers };
}

/** Signs up (AUTH_AUTOCONFIRM) and signs in: answers { id, email, password, token }. */
export async function signUp(base, email, password = 'correct-horse-9') {
  const up = await call(base, 'POST', '/auth/v1/signup', { json: { email, password } });
  if (up.status !== 200) throw new Error(`signup ${email}: ${up.status} ${JSON.stringify(up.body)}`);
  return signIn(base, email, password);
}

export async function signIn(base, email, password) {
  const res = await call(base, 'POST', '/auth/v1/token?grant_type=password', { json: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.user.id, email, password, token: res.body.access_token };
}

/** A multipart/form-data body with text fields and one file. */
export function multipart(fields, file) {
  const boundary = `----fieldbook${Math.random().toString(16).slice(2)}`;
  const parts = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`));
  parts.push(file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(base, url, token, file, fields = {}) {
  const { body, contentType } = multipart(fields, file);
  return call(base, 'POST', url, { token, body, headers: { 'content-type': contentType } });
}

/** Half a second of 16 kHz mono silence-ish tone as WAV (a recording upload needs real audio bytes). */
export function wav(seconds = 0.5) {
  const rate = 16_000;
  const samples = Math.round(rate * seconds);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
