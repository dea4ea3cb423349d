// SIGTERM on the BUILT server with the embedded database (issue 24, "Crashes lose nothing"): a slow request and a
// transcription in flight when the signal arrives both finish, new connections are refused, the process exits 0 with
// PGlite shut down cleanly (pg_control says so; the data-dir lock is gone), and a restart on the same DATA_DIR
// finds everything — and finishes the processing the shutdown left due.
// Run after `npm run build`: node --test scripts/graceful-shutdown-test.mjs (scripts/test-all.sh does).
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { assertBuilt, call, multipart, signIn, signUp, startServer, upload, waitFor, wav } from './lib/server-process.mjs';

/** PostgreSQL's DBState in global/pg_control (after system id u64, control version u32, catalog version u32). */
const DB_STATES = ['starting up', 'shut down', 'shut down in recovery', 'shutting down', 'in crash recovery', 'in archive recovery', 'in production'];
const clusterState = (dataDir) => DB_STATES[readFileSync(path.join(dataDir, 'pg', 'global', 'pg_control')).readInt32LE(16)];

/** Connects and answers whether the port refused (nobody listening). */
const isRefused = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err) => resolve(err.code === 'ECONNREFUSED'));
  });

test('SIGTERM: the request and the job in flight finish, exit 0, PGlite closed cleanly, a restart finds the data', { timeout: 180_000 }, async (t) => {
  assertBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fieldbook-sigterm-'));
  const servers = [];

  // A speech-to-text API that holds each transcription until the test lets it answer: a job in progress at SIGTERM.
  let release = () => {};
  const released = new Promise((resolve) => (release = resolve));
  let transcriptionAsked = () => {};
  const asked = new Promise((resolve) => (transcriptionAsked = resolve));
  const stt = http.createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      transcriptionAsked();
      await released;
      const segment = { start: 0, end: 0.5, text: 'Roof leak at twelve Oak Avenue', avg_logprob: -0.1, no_speech_prob: 0.01 };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: segment.text, segments: [segment] }));
    });
  });
  stt.listen(0, '127.0.0.1');
  await once(stt, 'listening');
  t.after(async () => {
    release();
    stt.close();
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    rmSync(dataDir, { recursive: true, force: true });
  });

  const first = await startServer('first', { DATA_DIR: dataDir, STT_BASE_URL: `http://127.0.0.1:${stt.address().port}/v1`, STT_MODEL: 'whisper-stub' });
  servers.push(first);
  t.diagnostic(`first start ready in ${await first.ready()} ms`);
  const owner = await signUp(first.base, 'owner@example.com');
  assert.equal((await call(first.base, 'PUT', '/api/my-workspace', { token: owner.token, json: { name: 'Shutdown Roofing' } })).status, 200);
  const contact = await call(first.base, 'POST', '/api/contacts', { token: owner.token, json: { name: 'Pat Doe', phone_number: '(555) 201-0100' } });
  assert.equal(contact.status, 201, JSON.stringify(contact.body));

  // The job: a call recording whose transcription the worker has sent off and is waiting for.
  const recording = await upload(first.base, '/api/recordings', owner.token, { name: 'call.wav', type: 'audio/wav', bytes: wav(0.5) });
  assert.equal(recording.status, 201, JSON.stringify(recording.body));
  await Promise.race([asked, new Promise((_, reject) => setTimeout(() => reject(new Error('the transcription was not asked for within 15 s')), 15_000))]);

  // The slow request: an upload whose body is still arriving when the signal comes.
  const bytes = Buffer.from('Invoice 1001 for the roof at 12 Oak Ave.\n'.repeat(800));
  const { body, contentType } = multipart({}, { name: 'slow.txt', type: 'text/plain', bytes });
  const req = http.request({
    host: '127.0.0.1',
    port: first.port,
    method: 'POST',
    path: '/api/process-documents',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': contentType, 'content-length': body.length },
  });
  const answered = new Promise((resolve, reject) => {
    req.on('response', (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString() || 'null') }));
    });
    req.on('error', reject);
  });
  req.write(body.subarray(0, 1000));
  await first.waitForOutput(/process-documents[^\n]*incoming request/);

  const signalledAt = Date.now();
  first.child.kill('SIGTERM');
  await first.waitForOutput(/SIGTERM: shutting down/);
  // Stopped accepting: a new connection is refused while the upload is still open.
  await waitFor('new connections refused', () => isRefused(first.port), { timeoutMs: 5_000 });
  // Still running: it waits for the upload and the transcription (both held by this test).
  assert.equal(first.child.exitCode, null);
  req.end(body.subarray(1000));
  const response = await answered;
  assert.equal(response.status, 201, JSON.stringify(response.body));
  await first.waitForOutput(/shutdown: requests finished/);
  // The requests are done; the transcription (still held by the stub) is not, and the process waits for it.
  assert.equal(first.child.exitCode, null);
  assert.doesNotMatch(first.output(), /background jobs finished/);
  release();
  await first.waitForOutput(/shutdown: background jobs finished/);
  const exit = await first.exited;
  const shutdownMs = Date.now() - signalledAt;
  assert.deepEqual(exit, { code: 0, signal: null }, first.output().slice(-2000));
  const [, doneMs] = first.output().match(/shutdown: done in (\d+) ms/) ?? [];
  assert.ok(doneMs, 'the server logged the end of its shutdown');
  // Not held open by the keep-alive connection the upload came on (Node's keep-alive timeout is 5 s).
  assert.ok(Number(doneMs) < 3_000, `shutdown took ${doneMs} ms`);
  t.diagnostic(`SIGTERM → exit 0 in ${shutdownMs} ms (the server's shutdown took ${doneMs} ms), the in-flight upload answered ${response.status}, the transcription in progress finished`);

  // PGlite's cluster was shut down, not left "in production" (which would need crash recovery on the next start).
  assert.equal(clusterState(dataDir), 'shut down');
  assert.equal(existsSync(path.join(dataDir, 'fieldbook.lock')), false);

  const second = await startServer('restart', { DATA_DIR: dataDir });
  servers.push(second);
  t.diagnostic(`restart on the same DATA_DIR ready in ${await second.ready()} ms`);
  const again = await signIn(second.base, owner.email, owner.password);
  const contacts = await call(second.base, 'GET', '/api/contacts', { token: again.token });
  assert.deepEqual(contacts.body.contacts.map((c) => c.name), ['Pat Doe']);
  const content = await call(second.base, 'GET', `/api/documents/${response.body.id}/content`, { token: again.token });
  assert.equal(content.status, 200);
  assert.ok(Buffer.compare(content.body, bytes) === 0, 'the uploaded file is byte-identical after the restart');
  // The transcription in progress was finished and written before the database closed: done at once after the
  // restart, which has no STT_BASE_URL (a transcription left to it would go to the embedded engine instead).
  const call1 = await call(second.base, 'GET', `/api/recordings/${recording.body.id}`, { token: again.token });
  assert.equal(call1.body.transcription_status, 'done', JSON.stringify(call1.body));
  assert.equal(call1.body.transcript.text, 'Roof leak at twelve Oak Avenue');
  // The shutdown claimed nothing new; the restarted worker processes the upload.
  const processed = await waitFor(
    'the upload processed after the restart',
    async () => {
      const doc = await call(second.base, 'GET', `/api/documents/${response.body.id}`, { token: again.token });
      return doc.body.status === 'processed' ? doc.body : null;
    },
    { timeoutMs: 60_000, everyMs: 250 },
  );
  assert.equal(processed.status, 'processed');
  assert.deepEqual(await second.stop('SIGTERM'), { code: 0, signal: null });
  assert.equal(clusterState(dataDir), 'shut down');

  // The check above means something: a SIGKILLed server leaves the cluster "in production".
  const killed = await startServer('killed', { DATA_DIR: dataDir });
  servers.push(killed);
  await killed.ready();
  assert.deepEqual(await killed.stop('SIGKILL'), { code: null, signal: 'SIGKILL' });
  assert.equal(clusterState(dataDir), 'in production');
});

test('SIGTERM with a job that does not finish: cut off after SHUTDOWN_GRACE_PERIOD, exit 1, PGlite still closed cleanly', { timeout: 120_000 }, async (t) => {
  assertBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fieldbook-sigterm-stuck-'));
  // A speech-to-text API that never answers.
  let transcriptionAsked = () => {};
  const asked = new Promise((resolve) => (transcriptionAsked = resolve));
  const stt = http.createServer((req) => {
    req.resume();
    req.on('end', () => transcriptionAsked());
  });
  stt.listen(0, '127.0.0.1');
  await once(stt, 'listening');
  const server = await startServer('stuck', { DATA_DIR: dataDir, STT_BASE_URL: `http://127.0.0.1:${stt.address().port}/v1`, STT_MODEL: 'whisper-stub', SHUTDOWN_GRACE_PERIOD: '2s' });
  t.after(async () => {
    stt.closeAllConnections();
    stt.close();
    await server.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });
  await server.ready();
  const owner = await signUp(server.base, 'stuck@example.com');
  assert.equal((await call(server.base, 'PUT', '/api/my-workspace', { token: owner.token, json: { name: 'Stuck Roofing' } })).status, 200);
  const recording = await upload(server.base, '/api/recordings', owner.token, { name: 'call.wav', type: 'audio/wav', bytes: wav(0.5) });
  assert.equal(recording.status, 201, JSON.stringify(recording.body));
  await Promise.race([asked, new Promise((_, reject) => setTimeout(() => reject(new Error('the transcription was not asked for within 15 s')), 15_000))]);

  const signalledAt = Date.now();
  server.child.kill('SIGTERM');
  const exit = await server.exited;
  const ms = Date.now() - signalledAt;
  assert.deepEqual(exit, { code: 1, signal: null }, server.output().slice(-2000));
  assert.match(server.output(), /still running after 2 s; cutting them off/);
  assert.ok(ms >= 2_000 && ms < 10_000, `exited ${ms} ms after SIGTERM`);
  // Even cut off, the database was closed: nothing for PostgreSQL to recover at the next start.
  assert.equal(clusterState(dataDir), 'shut down');
  assert.equal(existsSync(path.join(dataDir, 'fieldbook.lock')), false);
  t.diagnostic(`a transcription that never ends: cut off, exit 1 ${ms} ms after SIGTERM (SHUTDOWN_GRACE_PERIOD=2s), pg_control 'shut down'`);
});
