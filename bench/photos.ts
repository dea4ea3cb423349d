// Job photos (issue 35): the grid's request, uploads of phone-sized JPEGs with the server's memory, thumbnail time, and
// the photo report — through real HTTP, on PostgreSQL (or PGlite without TEST_DATABASE_URL):
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres ./node_modules/.bin/node --import tsx bench/photos.ts \
//     [--grid=2000] [--n=300] [--photos=200] [--concurrency=1] [--distinct=20] [--report=100]
// The server runs in a child process (this file with --serve: createTestApp — a throwaway database, dropped at the end —
// listening on loopback, with the thumbnail job and, when it exists, the photo report job run by startJobs as main.ts
// runs them), so its resident memory is its own.
// (a) The grid: `grid` photo rows written in bulk on one job (ready, with thumbnail keys; no files — the list does not
//     read them), then GET /api/jobs/:id/photos — the grid's first page as the web asks (getJobPhotos, no filters) —
//     `n` times one at a time: p50/p95/p99; and the whole job scrolled once page by page (next_cursor).
// (b) Uploads: `photos` JPEGs of 3–5 MB (3000×2250 noise, quality 92, EXIF time and GPS; `distinct` different files
//     made once and kept in /tmp/fieldbook-bench-photos) sent as the web sends a photo under 5 MB (uploadFile:
//     multipart POST /api/photos, fields job_id, upload_key, stage, time_zone before the file; the web's queue sends
//     them in turn: `concurrency` 1). The web compresses a photo in the browser first (~1.5 MB); these are the phone's
//     sizes, as a photo the browser could not make smaller arrives. Throughput, the server's RSS (VmRSS, and with its
//     thumbnail children) every 500 ms, and per photo the thumbnail job's time (its "done in" trace) and the time from
//     the upload's answer to its thumbnail being made.
// (c) The report: POST /api/jobs/:id/photo-reports of `report` uploaded photos (their thumbnails are what it prints),
//     polled until done: time, the report job's own time, the server's peak RSS (sampled every 100 ms). Reported as
//     "report: endpoint not present" when the server has no such endpoint.
import * as contract from '@fieldbook/contract';
import { PhotoListSchema, PhotoSchema, type Photo } from '@fieldbook/contract';
import { createCanvas } from '@napi-rs/canvas';
import piexif from 'piexifjs';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, openAsBlob, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Db } from '../apps/server/src/db/client';
import type { BlobStore } from '../apps/server/src/platform/blob-store';
import type { AnyJob } from '../apps/server/src/platform/jobs';

type JobFactory = (deps: { db: Db; blobs: BlobStore }) => AnyJob;

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const GRID = Number(args.grid ?? 2000);
const N = Number(args.n ?? 300);
const PHOTOS = Number(args.photos ?? 200);
const CONCURRENCY = Number(args.concurrency ?? 1);
const DISTINCT = Math.max(1, Math.min(PHOTOS, Number(args.distinct ?? 20)));
const REPORT = Number(args.report ?? 100);
const ZONE = 'America/Chicago';
const MB = 1024 * 1024;

type Ready = { url: string; token: string; gridJobId: string; uploadJobId: string; reportJob: boolean };
/** What the server child writes on its stdout, one JSON object a line. */
type Line = { ready: Ready } | { done: { job: string; what: string; ms: number; at: number } } | { failed: { job: string; what: string; at: number } };

// ---- The server (child process) -----------------------------------------------------------------------------------
async function serve(): Promise<void> {
  const { sql } = await import('drizzle-orm');
  const { createTestApp, createTestUser } = await import('../apps/server/src/test/setup-app');
  const { insertJob } = await import('../apps/server/src/test/factories');
  const { startJobs } = await import('../apps/server/src/platform/jobs');
  const photosFeature: Record<string, unknown> = await import('../apps/server/src/features/photos');
  const write = (line: Line) => process.stdout.write(`${JSON.stringify(line)}\n`);

  // As main.ts builds it: without the tests' parse of every answer against its schema (checkResponses).
  const ctx = await createTestApp({ LOG_LEVEL: 'silent' }, { checkResponses: false });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const owner = await createTestUser(ctx, { workspaceName: 'Ridge Line Roofing', role: 'admin' });
  const ws = owner.workspaceId!;
  await ctx.db.execute(sql`update workspaces set time_zone = ${ZONE} where id = ${ws}`);
  const gridJob = await insertJob(ctx.db, { workspaceId: ws, clientName: 'Maria Garcia', propertyAddress: '12 Oak Street, Austin TX', title: 'Hail damage — roof and gutters', claimNumber: 'CLM-2026-0042' });
  const uploadJob = await insertJob(ctx.db, { workspaceId: ws, clientName: 'James Lopez', propertyAddress: '88 Elm Road, Austin TX', title: 'Roof replacement', claimNumber: 'CLM-2026-0077' });
  // The grid's job: photos over two months, five stages, most with a caption, as a crew's uploads leave them.
  await ctx.db.execute(sql`
    insert into photos (workspace_id, job_id, author_id, status, storage_key, content_type, byte_size, width, height, taken_at, taken_at_source,
                        latitude, longitude, stage, caption, thumbnail_key)
    select ${ws}, ${gridJob.id}, ${owner.id}, 'ready', 'photos/' || ${ws} || '/bench-' || g, 'image/jpeg', 3500000 + g % 1500000, 4032, 3024,
           now() - (g * interval '43 minutes'), 'exif', 30.2672 + (g % 100) * 0.00001, -97.7431 - (g % 100) * 0.00001,
           (array['before','during','after','issue','receipt'])[1 + g % 5],
           case when g % 4 = 0 then '' else 'Shingle damage on the ' || (array['north','south','east','west'])[1 + g % 4] || ' slope, photo ' || g end,
           'photos/' || ${ws} || '/bench-' || g || '.thumb.jpg'
    from generate_series(1, ${GRID}::int) g`);
  await ctx.db.execute(sql`analyze photos`);

  // Looked up by name: the report job is another engineer's work in progress, run when the feature exports it.
  const jobOf = (name: string) => (typeof photosFeature[name] === 'function' ? (photosFeature[name] as JobFactory)({ db: ctx.db, blobs: ctx.blobs }) : null);
  const thumbnailJob = jobOf('photoThumbnailJob')!;
  const reportJob = jobOf('photoReportJob');
  const runner = await startJobs({
    db: ctx.db,
    jobs: [thumbnailJob, ...(reportJob ? [reportJob] : [])],
    exclusive: false,
    trace: (msg, context) => {
      const done = /^(.*): done in (\d+) ms/.exec(msg);
      if (done) write({ done: { job: context.job, what: done[1]!, ms: Number(done[2]), at: Date.now() } });
    },
    log: (msg, _err, context) => {
      const gaveUp = /^(.*) failed \(attempt/.exec(msg);
      if (gaveUp) write({ failed: { job: context?.job ?? '?', what: gaveUp[1]!, at: Date.now() } });
    },
  });
  const routes = ctx.app.printRoutes({ commonPrefix: false });
  write({
    ready: {
      url: `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`,
      token: owner.token,
      gridJobId: gridJob.id,
      uploadJobId: uploadJob.id,
      reportJob: reportJob !== null && routes.includes('photo-reports'),
    },
  });
  const stop = async () => {
    await runner.stop(10_000);
    await ctx.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  // The benchmark killed without its finally: stop too, rather than hold the port, the database and the CPU.
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && void stop(), 1000).unref();
}

// ---- The benchmark ------------------------------------------------------------------------------------------------
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  return s.length === 0 ? null : { n: s.length, p50: round(pct(s, 50)), p95: round(pct(s, 95)), p99: round(pct(s, 99)), max: round(s.at(-1)!) };
}
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process, and of it with every process below it (the thumbnail children), in bytes. */
function rss(pid: number): { own: number; tree: number } {
  const of = (p: number) => {
    try {
      return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch {
      return 0;
    }
  };
  const children = (p: number): number[] => {
    try {
      return readdirSync(`/proc/${p}/task`).flatMap((t) =>
        readFileSync(`/proc/${p}/task/${t}/children`, 'utf8')
          .split(' ')
          .filter(Boolean)
          .map(Number),
      );
    } catch {
      return [];
    }
  };
  const own = of(pid);
  let tree = own;
  const queue = children(pid);
  while (queue.length > 0) {
    const c = queue.pop()!;
    tree += of(c);
    queue.push(...children(c));
  }
  return { own, tree };
}

/** Samples `pid`'s memory every `everyMs` until stopped. */
function sampler(pid: number, everyMs: number) {
  const samples: { at: number; own: number; tree: number }[] = [];
  const timer = setInterval(() => samples.push({ at: Date.now(), ...rss(pid) }), everyMs);
  samples.push({ at: Date.now(), ...rss(pid) });
  return {
    stop: () => {
      clearInterval(timer);
      samples.push({ at: Date.now(), ...rss(pid) });
      return samples;
    },
  };
}
const mb = (bytes: number) => round(bytes / MB, 1);

/** JPEGs of a phone's size, made once: 3000×2250 (6.75 MP) of coloured noise over a gradient, quality 92, EXIF. */
async function benchPhotos(count: number): Promise<string[]> {
  const dir = path.join(os.tmpdir(), 'fieldbook-bench-photos');
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  const [W, H] = [3000, 2250];
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, `photo-${String(i).padStart(3, '0')}.jpg`);
    files.push(file);
    if (existsSync(file)) continue;
    // The noise's amplitude sets the size: 70 → ~3.4 MB, 130 → ~4.6 MB (JPEG keeps noise expensively).
    const amp = 70 + (60 * i) / Math.max(1, count - 1);
    let seed = 0x9e3779b9 ^ (i * 7919 + 1);
    const rnd = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 4294967296;
    };
    const canvas = createCanvas(W, H);
    const ctx = canvas.getContext('2d');
    const image = ctx.createImageData(W, H);
    const d = image.data;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const p = (y * W + x) * 4;
        d[p] = 90 + (60 * x) / W + (rnd() - 0.5) * amp;
        d[p + 1] = 100 + (50 * y) / H + (rnd() - 0.5) * amp;
        d[p + 2] = 120 - (40 * x) / W + (rnd() - 0.5) * amp;
        d[p + 3] = 255;
      }
    }
    ctx.putImageData(image, 0, 0);
    const jpeg = await canvas.encode('jpeg', 92);
    const exif = piexif.dump({
      '0th': { [piexif.ImageIFD.Make!]: 'Bench', [piexif.ImageIFD.Model!]: 'Phone' },
      Exif: { [piexif.ExifIFD.DateTimeOriginal!]: `2026:11:${String(1 + (i % 28)).padStart(2, '0')} 10:${String(i % 60).padStart(2, '0')}:00` },
      GPS: { [piexif.GPSIFD.GPSLatitudeRef!]: 'N', [piexif.GPSIFD.GPSLatitude!]: [[30, 1], [16, 1], [i * 10, 100]], [piexif.GPSIFD.GPSLongitudeRef!]: 'W', [piexif.GPSIFD.GPSLongitude!]: [[97, 1], [44, 1], [i * 10, 100]] },
    });
    writeFileSync(file, Buffer.from(piexif.insert(exif, jpeg.toString('binary')), 'binary'));
  }
  return files;
}

async function startServer() {
  const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, ...process.argv.slice(2), '--serve'], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  const lines = createInterface({ input: child.stdout });
  const done: { job: string; what: string; ms: number; at: number }[] = [];
  const failed: { job: string; what: string; at: number }[] = [];
  const ready = await new Promise<Ready>((resolve, reject) => {
    lines.on('line', (text) => {
      let line: Line;
      try {
        line = JSON.parse(text) as Line;
      } catch {
        return; // not ours
      }
      if ('ready' in line) resolve(line.ready);
      else if ('done' in line) done.push(line.done);
      else if ('failed' in line) failed.push(line.failed);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return {
    ...ready,
    pid: child.pid!,
    done,
    failed,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function main(): Promise<void> {
  const loadAtStart = load();
  const files = await benchPhotos(DISTINCT);
  const sizes = files.map((f) => statSync(f).size);
  console.log(`${files.length} bench photos in ${path.dirname(files[0]!)}: ${mb(Math.min(...sizes))}–${mb(Math.max(...sizes))} MB`);
  const server = await startServer();
  const headers = { authorization: `Bearer ${server.token}` };
  const results: Record<string, unknown> = { database: process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite' };
  try {
    const get = async (p: string) => {
      const t = performance.now();
      const res = await fetch(`${server.url}${p}`, { headers });
      const text = await res.text();
      if (!res.ok) throw new Error(`GET ${p}: ${res.status} ${text}`);
      return { ms: performance.now() - t, text };
    };

    // (a) The grid.
    const gridPath = `/api/jobs/${server.gridJobId}/photos`;
    const first = PhotoListSchema.parse(JSON.parse((await get(gridPath)).text));
    for (let i = 0; i < 30; i++) await get(gridPath); // warm-up
    const firstPage: number[] = [];
    let pageKb = 0;
    for (let i = 0; i < N; i++) {
      const r = await get(gridPath);
      firstPage.push(r.ms);
      pageKb = Buffer.byteLength(r.text) / 1024;
    }
    const scroll: number[] = [];
    let seen = 0;
    for (let cursor: string | null = null, i = 0; i === 0 || cursor; i++) {
      const r = await get(cursor ? `${gridPath}?cursor=${encodeURIComponent(cursor)}` : gridPath);
      const page = PhotoListSchema.parse(JSON.parse(r.text));
      scroll.push(r.ms);
      seen += page.photos.length;
      cursor = page.next_cursor;
    }
    if (seen !== GRID) throw new Error(`grid: ${seen} photos scrolled, ${GRID} seeded`);
    results.grid = { photos: GRID, pageSize: first.photos.length, pageKb: round(pageKb, 1), firstPage: stats(firstPage), scrollPages: stats(scroll) };

    // (b) Uploads, one at a time as the web's queue sends them (or `concurrency` phones at once).
    const atRest = rss(server.pid);
    const memory = sampler(server.pid, 500);
    const uploaded: { photo: Photo; answeredAt: number; ms: number; bytes: number }[] = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < PHOTOS) {
          const i = next++;
          const file = files[i % files.length]!;
          const form = new FormData();
          form.append('job_id', server.uploadJobId);
          form.append('upload_key', randomUUID());
          form.append('stage', contract.PHOTO_STAGES[i % contract.PHOTO_STAGES.length]!);
          form.append('time_zone', ZONE);
          form.append('file', await openAsBlob(file, { type: 'image/jpeg' }), `IMG_${4000 + i}.jpg`);
          const t = performance.now();
          const res = await fetch(`${server.url}/api/photos`, { method: 'POST', headers, body: form });
          const text = await res.text();
          if (!res.ok) throw new Error(`POST /api/photos: ${res.status} ${text}`);
          uploaded.push({ photo: PhotoSchema.parse(JSON.parse(text)), answeredAt: Date.now(), ms: performance.now() - t, bytes: sizes[i % files.length]! });
        }
      }),
    );
    const uploadS = (performance.now() - t0) / 1000;
    const duringUploads = memory.stop();
    const totalMb = uploaded.reduce((a, u) => a + u.bytes, 0) / MB;

    // Thumbnails: every uploaded photo's "done" (or failure) from the job's trace.
    const ids = new Set(uploaded.map((u) => u.photo.id));
    const thumbs = sampler(server.pid, 500);
    const deadline = Date.now() + Math.max(120_000, PHOTOS * 10_000);
    const thumbOf = () => server.done.filter((d) => d.job === 'photo-thumbnails' && ids.has(d.what.replace(/^thumbnail of photo /, '')));
    while (thumbOf().length + server.failed.filter((f) => f.job === 'photo-thumbnails').length < ids.size && Date.now() < deadline) await sleep(200);
    const afterThumbs = thumbs.stop();
    const thumbDone = thumbOf();
    const answered = new Map(uploaded.map((u) => [u.photo.id, u.answeredAt]));
    const untilReady = thumbDone.map((d) => d.at - answered.get(d.what.replace(/^thumbnail of photo /, ''))!);
    const all = [...duringUploads, ...afterThumbs];
    const quarter = Math.max(1, Math.floor(duringUploads.length / 4));
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    results.uploads = {
      photos: uploaded.length,
      concurrency: CONCURRENCY,
      mb: round(totalMb, 1),
      seconds: round(uploadS, 1),
      mbPerSecond: round(totalMb / uploadS, 1),
      photosPerSecond: round(uploaded.length / uploadS, 2),
      perUploadMs: stats(uploaded.map((u) => u.ms)),
      rssMb: {
        atRest: mb(atRest.own),
        duringUploads: { min: mb(Math.min(...duringUploads.map((s) => s.own))), max: mb(Math.max(...duringUploads.map((s) => s.own))) },
        // Flat: the last quarter's median against the first quarter's, of the samples while uploading.
        firstQuarterMedian: mb(median(duringUploads.slice(0, quarter).map((s) => s.own))),
        lastQuarterMedian: mb(median(duringUploads.slice(-quarter).map((s) => s.own))),
        withThumbnailChildrenMax: mb(Math.max(...all.map((s) => s.tree))),
        samplesEvery500ms: duringUploads.map((s) => mb(s.own)),
      },
    };
    results.thumbnails = { made: thumbDone.length, failedAttempts: server.failed.filter((f) => f.job === 'photo-thumbnails').length, jobMs: stats(thumbDone.map((d) => d.ms)), uploadAnsweredToReadyMs: stats(untilReady) };

    // (c) The photo report.
    const createReport = (contract as Record<string, unknown>).photoOutputEndpoints as { createReport?: { path: string } } | undefined;
    if (!server.reportJob || !createReport?.createReport) {
      results.report = 'report: endpoint not present';
    } else {
      const chosen = uploaded.slice(0, REPORT).map((u) => u.photo.id);
      const reportsPath = createReport.createReport.path.replace(':id', server.uploadJobId);
      const peak = sampler(server.pid, 100);
      const t = performance.now();
      const res = await fetch(`${server.url}${reportsPath}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ photo_ids: chosen, title: 'Bench report' }) });
      const made = (await res.json()) as { id?: string; status?: string };
      if (!res.ok || !made.id) throw new Error(`POST ${reportsPath}: ${res.status} ${JSON.stringify(made)}`);
      let status = made.status;
      while (status === 'pending' && performance.now() - t < 600_000) {
        await sleep(100);
        const list = JSON.parse((await get(reportsPath)).text) as { reports: { id: string; status: string; error: string | null }[] };
        const report = list.reports.find((r) => r.id === made.id);
        status = report?.status;
        if (status === 'failed') throw new Error(`report failed: ${report?.error}`);
      }
      const seconds = (performance.now() - t) / 1000;
      const samples = peak.stop();
      const job = server.done.find((d) => d.job !== 'photo-thumbnails' && d.what.includes(made.id!));
      results.report = { photos: chosen.length, status, seconds: round(seconds, 2), jobMs: job?.ms ?? null, peakRssMb: mb(Math.max(...samples.map((s) => s.own))), rssBeforeMb: mb(samples[0]!.own) };
    }
  } finally {
    await server.stop();
  }
  results.loadavg = { start: loadAtStart, end: load() };

  const g = results.grid as { photos: number; pageSize: number; pageKb: number; firstPage: ReturnType<typeof stats>; scrollPages: ReturnType<typeof stats> };
  const u = results.uploads as { photos: number; mb: number; seconds: number; mbPerSecond: number; photosPerSecond: number; perUploadMs: ReturnType<typeof stats>; rssMb: Record<string, unknown> };
  const th = results.thumbnails as { made: number; failedAttempts: number; jobMs: ReturnType<typeof stats>; uploadAnsweredToReadyMs: ReturnType<typeof stats> };
  const row = (s: ReturnType<typeof stats>) => (s ? `${s.n} | ${s.p50} | **${s.p95}** | ${s.p99} | ${s.max}` : '0 | - | - | - | -');
  console.log(`\n| measure (${results.database}) | n | p50 ms | p95 ms | p99 ms | max ms |\n|---|---|---|---|---|---|`);
  console.log(`| grid: GET /api/jobs/:id/photos, first page (${g.pageSize} of ${g.photos}, ${g.pageKb} kB) | ${row(g.firstPage)} |`);
  console.log(`| grid: each page scrolling to the end | ${row(g.scrollPages)} |`);
  console.log(`| upload: POST /api/photos (multipart, 3–5 MB) | ${row(u.perUploadMs)} |`);
  console.log(`| thumbnail: the job's time per photo | ${row(th.jobMs)} |`);
  console.log(`| thumbnail: upload answered → thumbnail made | ${row(th.uploadAnsweredToReadyMs)} |`);
  const r = u.rssMb as { atRest: number; duringUploads: { min: number; max: number }; firstQuarterMedian: number; lastQuarterMedian: number; withThumbnailChildrenMax: number; samplesEvery500ms: number[] };
  console.log(`\nuploads: ${u.photos} photos, ${u.mb} MB in ${u.seconds} s — ${u.mbPerSecond} MB/s, ${u.photosPerSecond} photos/s (concurrency ${CONCURRENCY}); thumbnails made ${th.made}, failed attempts ${th.failedAttempts}`);
  console.log(`server RSS (MB): at rest ${r.atRest}; while uploading ${r.duringUploads.min}–${r.duringUploads.max}, median of the first quarter ${r.firstQuarterMedian}, of the last ${r.lastQuarterMedian}; with thumbnail children at most ${r.withThumbnailChildrenMax}`);
  console.log(`RSS samples every 500 ms while uploading (MB): ${r.samplesEvery500ms.join(' ')}`);
  const rep = results.report;
  console.log(typeof rep === 'string' ? rep : `report: ${JSON.stringify(rep)}`);
  console.log(`load average (1, 5, 15 min): start ${loadAtStart}, end ${load()}; ${os.cpus().length} CPUs, Node ${process.version}`);
  console.log(JSON.stringify({ ...results, uploads: { ...u, rssMb: { ...r, samplesEvery500ms: undefined } } }));
}

// Last: everything above is declared by now.
if ('serve' in args) await serve();
else await main();
