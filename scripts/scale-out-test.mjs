// Two BUILT servers on one PostgreSQL database behave as one (issue 24, design.md §8). Both are started together on
// a throwaway database, with the same JWT_SECRET and one shared blob folder (the same DATA_DIR: with DATABASE_URL it
// holds only blobs/, no database and no lock), and every check goes through both, alternating requests:
// migrations run once; logout, password change, role change and removal from a workspace reach the other process at
// once; a per-account rate limit spent half on each holds; background jobs (document processing, transcription,
// outgoing SMS) run once; signed document links and playback URLs made by one process work on the other.
// Run after `npm run build` with PostgreSQL on TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres):
// node --test scripts/scale-out-test.mjs (scripts/test-all.sh does when PostgreSQL answers).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { assertBuilt, call, freePort, repo, signIn, signUp, startServer, upload, waitFor, wav } from './lib/server-process.mjs';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** How soon a change must reach the other process: well under the actor cache's 10 s expiry (ACTOR_TTL_MS). */
const PROPAGATION_MS = 4_000;
const ACCOUNT_LIMIT = 4;
const DOCUMENTS = 8;

const dbName = `fieldbook_scaleout_${randomUUID().replaceAll('-', '')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'fieldbook-scaleout-'));
let db; // a pg client on the test database, to look at what the servers wrote
let a;
let b;
let databaseUrl;
let twilio; // a stand-in for Twilio's Messages API: every message it was given
const smsReceived = [];
let stt; // a stand-in speech-to-text API: how many transcriptions it was asked for
let transcriptionsAsked = 0;
const figures = [];

async function admin(query) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** Polls until `check` holds, at most PROPAGATION_MS; answers the milliseconds it took. */
async function reaches(what, check) {
  const t0 = Date.now();
  await waitFor(what, check, { timeoutMs: PROPAGATION_MS, everyMs: 10 });
  return Date.now() - t0;
}

const status = async (server, url, token) => (await call(server.base, 'GET', url, { token })).status;

/** A signed-up user with a workspace of their own. */
async function owner(server, label) {
  const user = await signUp(server.base, `${label}-${randomUUID().slice(0, 6)}@example.com`);
  const ws = await call(server.base, 'PUT', '/api/my-workspace', { token: user.token, json: { name: `${label} Roofing` } });
  assert.equal(ws.status, 200, JSON.stringify(ws.body));
  return { ...user, workspaceId: ws.body.id };
}

before(async () => {
  assertBuilt();
  await admin(`CREATE DATABASE ${dbName}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();

  twilio = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      smsReceived.push({ to: form.get('To'), body: form.get('Body') });
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid: `SM${randomUUID().replaceAll('-', '')}`, status: 'queued' }));
    });
  });
  twilio.listen(0, '127.0.0.1');
  await once(twilio, 'listening');

  stt = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      transcriptionsAsked++;
      const segment = { start: 0, end: 0.5, text: 'Roof leak at twelve Oak Avenue', avg_logprob: -0.1, no_speech_prob: 0.01 };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: segment.text, segments: [segment] }));
    });
  });
  stt.listen(0, '127.0.0.1');
  await once(stt, 'listening');

  // One address in front of both (what a load balancer's would be): tokens name it as their issuer.
  const [portA, portB] = [await freePort(), await freePort()];
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${portA}`,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '10000',
    AUTH_ACCOUNT_RATE_LIMIT: String(ACCOUNT_LIMIT),
    UPLOAD_RATE_LIMIT: '10000',
    SEND_RATE_LIMIT: '10000',
    TWILIO_ACCOUNT_SID: 'ACscaleouttest',
    TWILIO_AUTH_TOKEN: 'scale-out-test-token',
    TWILIO_FROM_NUMBER: '+15550000000',
    TWILIO_API_URL: `http://127.0.0.1:${twilio.address().port}`,
    STT_BASE_URL: `http://127.0.0.1:${stt.address().port}/v1`,
    STT_MODEL: 'whisper-stub',
  };
  // Started together on an empty database: both run their start-up migrations at the same moment.
  const t0 = Date.now();
  [a, b] = await Promise.all([startServer('A', { ...env, PORT: String(portA) }), startServer('B', { ...env, PORT: String(portB) })]);
  const [readyA, readyB] = await Promise.all([a.ready(), b.ready()]);
  figures.push(`both started together and ready: A in ${readyA} ms, B in ${readyB} ms (${Date.now() - t0} ms)`);

  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
});

after(async () => {
  await Promise.all([a?.stop('SIGTERM'), b?.stop('SIGTERM')].filter(Boolean));
  await db?.end();
  twilio?.close();
  stt?.close();
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((err) => console.error(`could not drop ${dbName}: ${err.message}`));
  rmSync(dataDir, { recursive: true, force: true });
  for (const line of figures) console.log(line);
});

describe('two servers on one PostgreSQL database', { timeout: 240_000 }, () => {
  test('started together, both come up and every migration is applied once', async () => {
    const journal = JSON.parse(readFileSync(path.join(repo, 'apps/server/dist/migrations/meta/_journal.json'), 'utf8'));
    const { rows } = await db.query('SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distinct_n FROM drizzle.__drizzle_migrations');
    assert.deepEqual(rows[0], { n: journal.entries.length, distinct_n: journal.entries.length });
    assert.equal(await status(a, '/readyz'), 200);
    assert.equal(await status(b, '/readyz'), 200);
    assert.equal(a.child.exitCode, null);
    assert.equal(b.child.exitCode, null);
    figures.push(`migrations: ${rows[0].n} applied once (${journal.entries.length} committed)`);
  });

  test('a logout on A ends the session on B at once', async () => {
    const user = await owner(a, 'logout');
    // Alternating: both processes have seen (and may remember) the session.
    for (const server of [a, b, a, b]) assert.equal(await status(server, '/api/jobs', user.token), 200);
    assert.equal((await call(a.base, 'POST', '/auth/v1/logout', { token: user.token })).status, 204);
    assert.equal(await status(a, '/api/jobs', user.token), 401);
    const ms = await reaches('logout reaches B', async () => (await status(b, '/api/jobs', user.token)) === 401);
    figures.push(`logout on A → 401 on B after ${ms} ms`);
  });

  test("a password change on A ends the user's other sessions on B", async () => {
    const user = await owner(b, 'password');
    const other = await signIn(b.base, user.email, user.password);
    for (const server of [b, a, b]) assert.equal(await status(server, '/api/jobs', other.token), 200);
    const changed = await call(a.base, 'PUT', '/auth/v1/user', { token: user.token, json: { password: 'a-new-password-42' } });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    const ms = await reaches('password change reaches B', async () => (await status(b, '/api/jobs', other.token)) === 401);
    // The session that changed it goes on, on both; the new password signs in on B, the old one no longer does.
    assert.equal(await status(b, '/api/jobs', user.token), 200);
    assert.equal(await status(a, '/api/jobs', user.token), 200);
    await signIn(b.base, user.email, 'a-new-password-42');
    assert.equal((await call(b.base, 'POST', '/auth/v1/token?grant_type=password', { json: { email: user.email, password: user.password } })).status, 400);
    figures.push(`password change on A → the other session 401 on B after ${ms} ms`);
  });

  test('a role change reaches both processes at once', async () => {
    const user = await owner(a, 'role');
    for (const server of [a, b]) assert.equal(await status(server, '/api/workspaces', user.token), 403);
    // System admins are made in the database (there is no endpoint for it); the profile trigger tells every process.
    await db.query(`UPDATE profiles SET role = 'admin' WHERE id = $1`, [user.id]);
    const upB = await reaches('promotion reaches B', async () => (await status(b, '/api/workspaces', user.token)) === 200);
    const upA = await reaches('promotion reaches A', async () => (await status(a, '/api/workspaces', user.token)) === 200);
    await db.query(`UPDATE profiles SET role = 'user' WHERE id = $1`, [user.id]);
    const downA = await reaches('demotion reaches A', async () => (await status(a, '/api/workspaces', user.token)) === 403);
    const downB = await reaches('demotion reaches B', async () => (await status(b, '/api/workspaces', user.token)) === 403);
    figures.push(`role change → admin on B after ${upB} ms, A ${upA} ms; back to user on A after ${downA} ms, B ${downB} ms`);
  });

  test('a removal from a workspace on A takes effect on B at once', async () => {
    const boss = await owner(a, 'boss');
    await db.query(`UPDATE profiles SET role = 'admin' WHERE id = $1`, [boss.id]);
    const worker = await signUp(b.base, `worker-${randomUUID().slice(0, 6)}@example.com`);
    await reaches('the admin is an admin on A', async () => (await status(a, '/api/workspaces', boss.token)) === 200);
    await reaches('the admin is an admin on B', async () => (await status(b, '/api/workspaces', boss.token)) === 200);
    // Sign-up gave the worker a workspace of their own: out of it on B, into the admin's on A.
    const personal = (await call(b.base, 'GET', '/api/my-workspace', { token: worker.token })).body.workspace.id;
    assert.equal((await call(b.base, 'DELETE', `/api/workspaces/${personal}/users/${worker.id}`, { token: boss.token })).status, 200);
    const assigned = await call(a.base, 'POST', `/api/workspaces/${boss.workspaceId}/users`, { token: boss.token, json: { user_ids: [worker.id] } });
    assert.deepEqual([assigned.status, assigned.body], [200, { assigned: 1, skipped: 0 }]);
    await reaches('the worker is in the workspace on B', async () => (await status(b, '/api/jobs', worker.token)) === 200);
    for (const server of [a, b]) assert.equal(await status(server, '/api/jobs', worker.token), 200);
    const removed = await call(a.base, 'DELETE', `/api/workspaces/${boss.workspaceId}/users/${worker.id}`, { token: boss.token });
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    const ms = await reaches('removal reaches B', async () => (await status(b, '/api/jobs', worker.token)) === 409);
    assert.equal(await status(a, '/api/jobs', worker.token), 409);
    figures.push(`removal from the workspace on A → 409 on B after ${ms} ms`);
  });

  test(`the per-account sign-in limit (${ACCOUNT_LIMIT} failures) spent half on A and half on B holds on both`, async () => {
    const user = await signUp(a.base, `limited-${randomUUID().slice(0, 6)}@example.com`);
    const attempt = async (server, password) =>
      (await call(server.base, 'POST', '/auth/v1/token?grant_type=password', { json: { email: user.email, password } })).status;
    const wrong = [];
    for (let i = 0; i < ACCOUNT_LIMIT; i++) wrong.push(await attempt(i % 2 ? b : a, `wrong-password-${i}`));
    assert.deepEqual(wrong, Array(ACCOUNT_LIMIT).fill(400));
    // Each process saw only half the limit; a per-process counter would let the right password in here.
    assert.equal(await attempt(a, user.password), 429);
    assert.equal(await attempt(b, user.password), 429);
    figures.push(`sign-in limit: ${wrong.join(', ')} alternating A/B, then 429 on A and on B for the right password`);
  });

  test('background jobs run once: documents uploaded through A and B are each processed once, each SMS sent once', async () => {
    const user = await owner(a, 'docs');
    const contact = await call(b.base, 'POST', '/api/contacts', { token: user.token, json: { name: 'Pat Doe', phone_number: '(555) 201-0100' } });
    assert.equal(contact.status, 201, JSON.stringify(contact.body));
    const files = new Map();
    const t0 = Date.now();
    for (let i = 0; i < DOCUMENTS; i++) {
      const server = i % 2 ? b : a;
      const bytes = Buffer.from(`Invoice ${1000 + i} from ${server.name}\nClaim number CLM-${i}\nTotal $${100 + i}.00\n`);
      const res = await upload(server.base, '/api/process-documents', user.token, { name: `invoice-${i}.txt`, type: 'text/plain', bytes });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      files.set(res.body.id, { bytes, via: server });
    }
    const ids = [...files.keys()];
    await waitFor(
      'every document processed',
      async () => {
        const { rows } = await db.query(`SELECT count(*)::int AS n FROM documents WHERE id = ANY($1) AND status <> 'processing'`, [ids]);
        return rows[0].n === DOCUMENTS;
      },
      { timeoutMs: 90_000, everyMs: 200 },
    );
    const processedMs = Date.now() - t0;
    const { rows: docs } = await db.query(`SELECT status, attempts FROM documents WHERE id = ANY($1)`, [ids]);
    assert.deepEqual(
      docs.map((d) => `${d.status}/${d.attempts}`),
      Array(DOCUMENTS).fill('processed/1'),
      'each document processed, claimed exactly once',
    );

    // Each document texted to the contact, the sends alternating between the processes.
    for (const [i, id] of ids.entries()) {
      const server = i % 2 ? a : b;
      const sent = await call(server.base, 'POST', `/api/documents/${id}/send`, { token: user.token, json: { recipients: [contact.body.id], send_method: 'sms' } });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
    }
    await waitFor(
      'every SMS sent',
      async () => {
        const { rows } = await db.query(`SELECT count(*)::int AS n FROM outbox_messages WHERE channel = 'sms' AND status = 'sent'`);
        return rows[0].n === DOCUMENTS;
      },
      { timeoutMs: 30_000, everyMs: 100 },
    );
    // Sent is final and each row was claimed once (attempts are counted at the claim), so no second send can follow.
    const { rows: outbox } = await db.query(`SELECT status, attempts FROM outbox_messages WHERE channel = 'sms'`);
    assert.deepEqual(outbox.map((r) => `${r.status}/${r.attempts}`), Array(DOCUMENTS).fill('sent/1'));
    assert.equal(smsReceived.length, DOCUMENTS, `the SMS provider was called ${smsReceived.length} times for ${DOCUMENTS} messages`);
    assert.equal(new Set(smsReceived.map((m) => m.body)).size, DOCUMENTS, 'each message sent once');
    figures.push(`${DOCUMENTS} documents (half through each) processed in ${processedMs} ms, attempts all 1; ${DOCUMENTS} SMS → the provider got ${smsReceived.length}`);

    // Every link in those texts opens the document on both processes, whichever one signed it.
    let checked = 0;
    for (const message of smsReceived) {
      const token = /\/api\/shared-documents\/([^\s/]+)/.exec(message.body)?.[1];
      assert.ok(token, message.body);
      for (const server of [a, b]) {
        const res = await call(server.base, 'GET', `/api/shared-documents/${token}`);
        assert.equal(res.status, 200);
        assert.ok([...files.values()].some((f) => Buffer.compare(f.bytes, res.body) === 0), 'the document’s bytes');
        checked++;
      }
    }
    figures.push(`shared-document links: ${checked} fetches (each link on A and on B) answered 200 with the file`);
  });

  test('background jobs run once: call recordings uploaded through A and B are each transcribed once', async () => {
    const user = await owner(b, 'transcribed');
    const RECORDINGS = 6;
    const askedBefore = transcriptionsAsked;
    const ids = [];
    for (let i = 0; i < RECORDINGS; i++) {
      const server = i % 2 ? a : b;
      const rec = await upload(server.base, '/api/recordings', user.token, { name: `call-${i}.wav`, type: 'audio/wav', bytes: wav(0.5) });
      assert.equal(rec.status, 201, JSON.stringify(rec.body));
      ids.push(rec.body.id);
    }
    const t0 = Date.now();
    const rows = await waitFor(
      'every recording transcribed',
      async () => {
        const { rows } = await db.query(`SELECT transcription_status, attempts FROM recordings WHERE id = ANY($1)`, [ids]);
        return rows.every((r) => r.transcription_status === 'done') ? rows : null;
      },
      { timeoutMs: 60_000, everyMs: 100 },
    );
    assert.deepEqual(rows.map((r) => r.attempts), Array(RECORDINGS).fill(1));
    assert.equal(transcriptionsAsked - askedBefore, RECORDINGS, 'the speech-to-text API was asked once per recording');
    figures.push(`${RECORDINGS} recordings (half through each) transcribed in ${Date.now() - t0} ms, attempts all 1; the STT API was asked ${transcriptionsAsked - askedBefore} times`);
  });

  test('a playback URL made by one process plays on the other (and the audio one stored, the other serves)', async () => {
    const user = await owner(b, 'calls');
    const audio = wav(0.5);
    const results = [];
    for (const [maker, player] of [
      [a, b],
      [b, a],
    ]) {
      const rec = await upload(maker.base, '/api/recordings', user.token, { name: 'call.wav', type: 'audio/wav', bytes: audio });
      assert.equal(rec.status, 201, JSON.stringify(rec.body));
      const link = await call(maker.base, 'GET', `/api/recordings/${rec.body.id}/playback-url`, { token: user.token });
      assert.equal(link.status, 200);
      const played = await call(player.base, 'GET', new URL(link.body.url, maker.base).pathname);
      assert.equal(played.status, 200);
      assert.equal(Buffer.compare(played.body, audio), 0);
      // A forged token is refused by both: the key really is checked.
      const genuine = new URL(link.body.url, maker.base).pathname;
      const forged = `${genuine.slice(0, -10)}${genuine.at(-10) === 'A' ? 'B' : 'A'}${genuine.slice(-9)}`;
      assert.notEqual((await call(player.base, 'GET', forged)).status, 200);
      results.push(`${maker.name}→${player.name} ${played.status}`);
    }
    figures.push(`playback URLs: ${results.join(', ')}`);
  });
});

describe('without JWT_SECRET', { timeout: 120_000 }, () => {
  test('processes with their own DATA_DIRs share the secret the first one stored in the database', async (t) => {
    const dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'fieldbook-scaleout-nosecret-')));
    const [portC, portD] = [await freePort(), await freePort()];
    const env = { DATABASE_URL: databaseUrl, PUBLIC_URL: `http://127.0.0.1:${portC}`, LOG_LEVEL: 'warn', JWT_SECRET: undefined, AUTH_RATE_LIMIT: '10000' };
    const [c, d] = await Promise.all([
      startServer('C', { ...env, PORT: String(portC), DATA_DIR: dirs[0] }),
      startServer('D', { ...env, PORT: String(portD), DATA_DIR: dirs[1] }),
    ]);
    t.after(async () => {
      await Promise.all([c.stop('SIGTERM'), d.stop('SIGTERM')]);
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });
    await Promise.all([c.ready(), d.ready()]);
    const user = await owner(c, 'nosecret');
    for (const server of [c, d, c, d]) assert.equal(await status(server, '/api/jobs', user.token), 200);
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM server_secrets WHERE name = 'jwt'`);
    assert.equal(rows[0].n, 1);
    figures.push('without JWT_SECRET: a token signed by C is accepted by D (one secret, stored in the database)');
  });
});
