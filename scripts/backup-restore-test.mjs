// Backup and restore on the BUILT server (issue 24, docs/operations.md "Backups"): a populated instance — users,
// jobs, tasks, documents with files, a call recording — is backed up with `npm run backup` WHILE it runs and while
// documents are being deleted, the instance is wiped (data directory, and on PostgreSQL the database), restored with
// `npm run restore`, and started again: every user signs in (and a session from before the backup still works: the
// JWT secret came back too), every job, task, document (byte-identical file) and recording is there, and every
// document the backup has serves its file — none lost its file to a deletion during the backup. Work done after the
// backup is not.
// Embedded database always; PostgreSQL when TEST_DATABASE_URL's server answers (scripts/test-all.sh decides).
// Run after `npm run build`: node --test scripts/backup-restore-test.mjs
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import pg from 'pg';
import { assertBuilt, call, freePort, repo, signIn, signUp, startServer, upload, wav } from './lib/server-process.mjs';

const POSTGRES = process.env.TEST_DATABASE_URL;

/** `npm run <script> -- <args>` from the repository root with the server's settings; answers its output or throws. */
function npmRun(script, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: repo,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`npm run ${script} exited ${code}:\n${output}`))));
  });
}

/**
 * What under `root` is not private (docs/operations.md, "File permissions": folders 0700, everything else 0600), as
 * `<path> <mode>`: the data directory, the backup and what a restore writes are the server account's alone.
 */
function notPrivate(root) {
  const found = [];
  for (const file of [root, ...readdirSync(root, { recursive: true }).map((name) => path.join(root, name))]) {
    // The running server may remove a file meanwhile (PostgreSQL's temporary files).
    const info = statSync(file, { throwIfNoEntry: false });
    if (!info) continue;
    const mode = info.mode & 0o777;
    if (mode !== (info.isDirectory() ? 0o700 : 0o600)) found.push(`${path.relative(root, file) || '.'} ${mode.toString(8)}`);
  }
  return found;
}

const bytesOf = (label) => Buffer.from(`${label}: invoice for the roof at 12 Oak Ave, ${randomUUID()}\n`.repeat(200));

/** Users, a workspace, jobs with tasks, documents, a recording: what the backup must bring back. */
async function populate(base) {
  const owner = await signUp(base, `owner-${randomUUID().slice(0, 8)}@example.com`, 'owner-password-1');
  const ws = await call(base, 'PUT', '/api/my-workspace', { token: owner.token, json: { name: 'Backup Roofing' } });
  assert.equal(ws.status, 200, JSON.stringify(ws.body));
  const other = await signUp(base, `other-${randomUUID().slice(0, 8)}@example.com`, 'other-password-2');
  const jobs = [];
  const tasks = [];
  for (let i = 0; i < 3; i++) {
    const job = await call(base, 'POST', '/api/jobs', { token: owner.token, json: { client_name: `Client ${i}`, title: `Roof ${i}`, property_address: `${i} Oak Ave` } });
    assert.equal(job.status, 201, JSON.stringify(job.body));
    jobs.push(job.body.id);
    for (let k = 0; k < 2; k++) {
      const task = await call(base, 'POST', `/api/jobs/${job.body.id}/tasks`, { token: owner.token, json: { description: `Task ${i}.${k}` } });
      assert.equal(task.status, 201, JSON.stringify(task.body));
      tasks.push(task.body.id);
    }
  }
  const documents = new Map();
  for (let i = 0; i < 3; i++) {
    const bytes = bytesOf(`kept ${i}`);
    const doc = await upload(base, '/api/process-documents', owner.token, { name: `invoice-${i}.txt`, type: 'text/plain', bytes });
    assert.equal(doc.status, 201, JSON.stringify(doc.body));
    documents.set(doc.body.id, bytes);
  }
  const audio = wav(0.5);
  const recording = await upload(base, '/api/recordings', owner.token, { name: 'call.wav', type: 'audio/wav', bytes: audio });
  assert.equal(recording.status, 201, JSON.stringify(recording.body));
  return { owner, other, jobs, tasks, documents, doomed: new Map(), recording: { id: recording.body.id, bytes: audio } };
}

/**
 * Backs up while documents come and go: until the backup ends, a document is uploaded and deleted again, over and over.
 * Each is in the backup with its file (its deletion came after the backup's snapshot) or not in it at all. Then a job
 * is added that the restore must not bring back.
 */
async function backupWhileBusy(server, data, env, out) {
  let isDone = false;
  const alive = [];
  const churn = (async () => {
    for (let i = 0; !isDone; i++) {
      const bytes = bytesOf(`doomed ${i}`);
      const doc = await upload(server.base, '/api/process-documents', data.owner.token, { name: `doomed-${i}.txt`, type: 'text/plain', bytes });
      assert.equal(doc.status, 201, JSON.stringify(doc.body));
      data.doomed.set(doc.body.id, bytes);
      alive.push(doc.body.id);
      // About five stay for a moment: the backup's snapshot holds some of them, deleted right after it.
      if (alive.length > 5) {
        const res = await call(server.base, 'DELETE', `/api/documents/${alive.shift()}`, { token: data.owner.token });
        assert.equal(res.status, 200, JSON.stringify(res.body));
      }
    }
    for (const id of alive) assert.equal((await call(server.base, 'DELETE', `/api/documents/${id}`, { token: data.owner.token })).status, 200);
  })();
  const t0 = Date.now();
  const output = await npmRun('backup', ['--out', out], env).finally(() => (isDone = true));
  const ms = Date.now() - t0;
  await churn;
  assert.ok(existsSync(path.join(out, 'manifest.json')), output);
  const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8'));
  assert.deepEqual(manifest.missing_blobs, []);
  const late = await call(server.base, 'POST', '/api/jobs', { token: data.owner.token, json: { client_name: 'After the backup' } });
  assert.equal(late.status, 201);
  return { manifest, ms, lateJob: late.body.id };
}

/** Everything populate() made is back; the job made after the backup is not. */
async function verify(base, data, lateJob) {
  const owner = await signIn(base, data.owner.email, data.owner.password);
  await signIn(base, data.other.email, data.other.password);
  // The session from before the backup goes on: its row and the JWT secret were both restored.
  assert.equal((await call(base, 'GET', '/api/jobs', { token: data.owner.token })).status, 200);

  const jobs = await call(base, 'GET', '/api/jobs?limit=100', { token: owner.token });
  assert.equal(jobs.status, 200, JSON.stringify(jobs.body));
  assert.deepEqual(jobs.body.jobs.map((j) => j.id).sort(), [...data.jobs].sort());
  assert.ok(!jobs.body.jobs.some((j) => j.id === lateJob));
  const tasks = await call(base, 'GET', '/api/tasks?limit=100', { token: owner.token });
  assert.equal(tasks.status, 200, JSON.stringify(tasks.body));
  assert.deepEqual(tasks.body.tasks.map((t) => t.id).sort(), [...data.tasks].sort());

  const docs = await call(base, 'GET', '/api/documents?limit=100', { token: owner.token });
  assert.equal(docs.status, 200, JSON.stringify(docs.body));
  const ids = docs.body.documents.map((d) => d.id);
  for (const id of data.documents.keys()) assert.ok(ids.includes(id), `document ${id} restored`);
  let doomedKept = 0;
  for (const id of ids) {
    const bytes = data.documents.get(id) ?? data.doomed.get(id);
    assert.ok(bytes, `document ${id} is one the test made`);
    if (data.doomed.has(id)) doomedKept++;
    const content = await call(base, 'GET', `/api/documents/${id}/content`, { token: owner.token });
    assert.equal(content.status, 200, `document ${id}'s file`);
    assert.ok(Buffer.compare(content.body, bytes) === 0, `document ${id} is byte-identical`);
  }

  const rec = await call(base, 'GET', `/api/recordings/${data.recording.id}`, { token: owner.token });
  assert.equal(rec.status, 200, JSON.stringify(rec.body));
  const audio = await call(base, 'GET', `/api/recordings/${data.recording.id}/audio`, { token: owner.token });
  assert.equal(audio.status, 200);
  assert.ok(Buffer.compare(audio.body, data.recording.bytes) === 0, 'the recording is byte-identical');
  return { documents: ids.length, doomedKept };
}

test('embedded database: backed up while running, wiped, restored', { timeout: 240_000 }, async (t) => {
  assertBuilt();
  // A DATA_DIR the server creates, as on a first start (not mkdtemp's, which is 0700 already).
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'fb-bk-')), 'data');
  const backups = mkdtempSync(path.join(tmpdir(), 'fb-bk-out-'));
  const out = path.join(backups, 'backup');
  // One address for both starts: tokens name it as their issuer.
  const env = { DATA_DIR: dataDir, PORT: String(await freePort()), UPLOAD_RATE_LIMIT: '10000' };
  // No JWT_SECRET: the server keeps its own in DATA_DIR/secrets.json, which the backup must carry.
  let server = await startServer('pglite', { ...env, JWT_SECRET: undefined });
  t.after(async () => {
    await server.stop('SIGKILL');
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
    rmSync(backups, { recursive: true, force: true });
  });
  await server.ready();
  const data = await populate(server.base);
  const { manifest, ms, lateJob } = await backupWhileBusy(server, data, env, out);
  assert.equal(manifest.database, 'pglite');
  assert.equal(manifest.secrets, true);
  // The running server's DATA_DIR (the database, files, secrets, lock and admin socket) and the backup.
  assert.deepEqual(notPrivate(dataDir), []);
  assert.deepEqual(notPrivate(out), []);
  assert.deepEqual(await server.stop('SIGTERM'), { code: 0, signal: null });

  rmSync(dataDir, { recursive: true, force: true });
  const t0 = Date.now();
  await npmRun('restore', ['--from', out], env);
  const restoreMs = Date.now() - t0;
  assert.deepEqual(notPrivate(dataDir), []);
  // A second restore onto the restored data is refused without --replace.
  await assert.rejects(npmRun('restore', ['--from', out], env), /has a database already/);

  server = await startServer('pglite restored', { ...env, JWT_SECRET: undefined });
  await server.ready();
  const found = await verify(server.base, data, lateJob);
  t.diagnostic(
    `PGlite: backup of a running server in ${ms} ms (${manifest.took_ms} ms in the server, of which its database waited ${manifest.pause_ms} ms; ${manifest.blobs} files, ${manifest.blob_bytes} bytes), restore in ${restoreMs} ms; ` +
      `${data.jobs.length} jobs, ${data.tasks.length} tasks, ${found.documents} documents (of ${data.doomed.size} uploaded and deleted again during the backup, ${found.doomedKept} were in it, each with its file), 1 recording, 2 users found`,
  );
});

test('PostgreSQL: pg_dump and the blob store while running, wiped, restored', { timeout: 240_000, skip: POSTGRES ? false : 'TEST_DATABASE_URL not set' }, async (t) => {
  assertBuilt();
  const dbName = `fieldbook_backup_${randomUUID().replaceAll('-', '')}`;
  const admin = async (query) => {
    const client = new pg.Client({ connectionString: POSTGRES });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${dbName}`);
  const url = new URL(POSTGRES);
  url.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fb-bk-pg-'));
  const backups = mkdtempSync(path.join(tmpdir(), 'fb-bk-pg-out-'));
  const out = path.join(backups, 'backup');
  const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString(), PORT: String(await freePort()), UPLOAD_RATE_LIMIT: '10000' };
  // No JWT_SECRET: on PostgreSQL the secret is kept in the database (server_secrets), so the dump carries it.
  let server = await startServer('postgres', { ...env, JWT_SECRET: undefined });
  t.after(async () => {
    await server.stop('SIGKILL');
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(backups, { recursive: true, force: true });
  });
  await server.ready();
  const data = await populate(server.base);
  const { manifest, ms, lateJob } = await backupWhileBusy(server, data, env, out);
  assert.equal(manifest.database, 'postgres');
  assert.deepEqual(notPrivate(out), []);
  assert.deepEqual(await server.stop('SIGTERM'), { code: 0, signal: null });

  await admin(`DROP DATABASE ${dbName} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${dbName}`);
  rmSync(dataDir, { recursive: true, force: true });
  const t0 = Date.now();
  await npmRun('restore', ['--from', out], env);
  const restoreMs = Date.now() - t0;
  await assert.rejects(npmRun('restore', ['--from', out], env), /has \d+ tables already/);

  server = await startServer('postgres restored', { ...env, JWT_SECRET: undefined });
  await server.ready();
  const found = await verify(server.base, data, lateJob);
  // --replace restores over the live data once every server is stopped.
  assert.deepEqual(await server.stop('SIGTERM'), { code: 0, signal: null });
  await npmRun('restore', ['--from', out, '--replace'], env);
  t.diagnostic(
    `PostgreSQL: backup of a running server in ${ms} ms (${manifest.took_ms} ms after start-up; ${manifest.blobs} files, ${manifest.blob_bytes} bytes), restore in ${restoreMs} ms; ` +
      `${data.jobs.length} jobs, ${data.tasks.length} tasks, ${found.documents} documents (of ${data.doomed.size} uploaded and deleted again during the backup, ${found.doomedKept} were in it, each with its file), 1 recording, 2 users found`,
  );
});
