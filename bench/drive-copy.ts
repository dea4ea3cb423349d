// Copy throughput to Google Drive and the server's memory while copying (issue 25; design.md §11: "copying a 200 MB
// file raises server memory by a few MB at most"):
//   node --expose-gc --import tsx bench/drive-copy.ts [--mb=200] [--runs=2]
// The Drive stub runs as a process of its own (bench/google-stub.ts, keeping no contents). In this process: the app on
// an embedded PGlite with the folder blob store in the temp directory, a user connected through the stub's OAuth, an
// `mb` MB file of random bytes in the blob store. Measured, each `runs` times:
// 1. a plain stream copy to the same stub: one resumable session, the file piped from disk in a single PUT;
// 2. the product's copy: the row queued as the upload hook queues it, then the drive copy job (platform/jobs.ts) —
//    resumable, 8 MiB chunks (32 × 256 KiB), each a byte range streamed from the blob store;
// with this process's resident memory sampled every 20 ms (peak minus the level before the copy, after a GC).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import { driveCopies } from '../apps/server/src/db/schema';
import { folderBlobStore } from '../apps/server/src/platform/blob-store';
import { startJob } from '../apps/server/src/platform/jobs';
import { accessToken, driveDeps, findConnection } from '../apps/server/src/features/drive/connection.service';
import { driveCopyJob, queueCopy } from '../apps/server/src/features/drive/copy.job';
import { createTestApp, createTestUser } from '../apps/server/src/test/setup-app';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const MB = Number(args.mb ?? 200);
const RUNS = Number(args.runs ?? 2);
const SIZE = MB * 1024 * 1024;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const mbOf = (bytes: number) => round(bytes / 1024 / 1024);
const gc = () => (globalThis as { gc?: () => void }).gc?.();

// The stub, as its own process.
const stubProcess = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'google-stub.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
const env = await new Promise<Record<string, string>>((resolve) => {
  createInterface({ input: stubProcess.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { env: Record<string, string> }).env));
});

const blobRoot = await mkdtemp(path.join(os.tmpdir(), 'fieldbook-drive-bench-'));
const blobs = folderBlobStore(blobRoot);
const ctx = await createTestApp(env, { blobs, checkResponses: false });
try {
  const user = await createTestUser(ctx);
  // Connect as a browser would: the consent URL, the stub's Allow, the callback.
  const start = await ctx.app.inject({ method: 'POST', url: '/api/drive/connect', headers: user.headers, payload: {} });
  const authUrl = (start.json() as { authorization_url: string }).authorization_url;
  const allow = await fetch(`${env.GOOGLE_API_URL}/o/oauth2/v2/auth/approve?url=${encodeURIComponent(authUrl)}`, { redirect: 'manual' });
  const callback = new URL(allow.headers.get('location')!);
  await ctx.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers: { cookie: String(start.headers['set-cookie']).split(';')[0]! } });
  await ctx.app.inject({ method: 'POST', url: '/api/drive/folders', headers: user.headers });
  const drive = driveDeps({ db: ctx.db, config: ctx.config.drive!, publicUrl: ctx.config.publicUrl });
  const connection = (await findConnection(ctx.db, user.id))!;

  // The file, written in 1 MiB pieces (never whole in memory).
  const blobKey = `recordings/${user.workspaceId}/${randomUUID()}`;
  await blobs.put(blobKey, Readable.from((function* () { for (let i = 0; i < MB; i++) yield randomBytes(1024 * 1024); })()));
  const filePath = path.join(blobRoot, ...blobKey.split('/'));

  const rows: string[] = [];
  for (let run = 1; run <= RUNS; run++) {
    // 1. Plain: one session, one PUT of the whole file.
    const token = await accessToken(drive, connection.id);
    const session = await fetch(`${env.GOOGLE_API_URL}/upload/drive/v3/files?uploadType=resumable`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-upload-content-length': String(SIZE) },
      body: JSON.stringify({ name: `plain-${run}.bin` }),
    });
    const location = session.headers.get('location')!;
    gc();
    await new Promise((r) => setTimeout(r, 200));
    const plainBefore = process.memoryUsage().rss;
    let plainPeak = plainBefore;
    const plainSampler = setInterval(() => (plainPeak = Math.max(plainPeak, process.memoryUsage().rss)), 20);
    let t = performance.now();
    // node:http with pipeline: the file streams with backpressure, as a plain copy should.
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(location, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-length': String(SIZE), 'content-range': `bytes 0-${SIZE - 1}/${SIZE}` } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      pipeline(createReadStream(filePath), req).catch(reject);
    });
    if (status !== 200) throw new Error(`plain PUT: ${status}`);
    const plainMs = performance.now() - t;
    clearInterval(plainSampler);

    // 2. The product's copy job, memory sampled.
    const itemId = randomUUID();
    await queueCopy(ctx.db, { kind: 'recording', id: itemId, userId: user.id, workspaceId: user.workspaceId, name: `job-${run}.m4a`, mimeType: 'audio/mp4', blobKey, size: SIZE, folderKey: 'recordings' });
    gc();
    await new Promise((r) => setTimeout(r, 200));
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed + before.external + before.arrayBuffers;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed + m.external + m.arrayBuffers);
    }, 20);
    t = performance.now();
    await startJob(ctx.db, driveCopyJob({ drive, blobs })).drain();
    const jobMs = performance.now() - t;
    clearInterval(sampler);
    const [row] = await ctx.db.select().from(driveCopies).where(eq(driveCopies.itemId, itemId));
    if (row?.status !== 'done') throw new Error(`copy ended ${row?.status}: ${row?.error}`);
    gc();
    const after = process.memoryUsage().rss;
    rows.push(
      `| ${run} | ${round(SIZE / 1024 / 1024 / (plainMs / 1000))} | ${round(SIZE / 1024 / 1024 / (jobMs / 1000))} | ${round((SIZE / jobMs) / (SIZE / plainMs) * 100, 0)}% | ${mbOf(plainPeak - plainBefore)} | ${mbOf(peakRss - before.rss)} | ${mbOf(peakHeap - (before.heapUsed + before.external + before.arrayBuffers))} | ${mbOf(before.rss)} → ${mbOf(after)} |`,
    );
  }
  console.log(`${MB} MB file, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`);
  console.log('| run | plain stream copy MB/s | copy job MB/s | job/plain | plain copy: RSS rise MB | copy job: RSS rise MB | copy job: heap+buffers rise MB | RSS before → after the job (GC) MB |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
} finally {
  await ctx.close();
  await rm(blobRoot, { recursive: true, force: true });
  stubProcess.kill('SIGTERM');
}
