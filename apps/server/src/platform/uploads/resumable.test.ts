import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { TUS_CONTENT_TYPE, UPLOAD_RESULT_HEADER } from '@fieldbook/contract';
import { eq, sql } from 'drizzle-orm';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, jobs, recordings, resumableUploadParts, resumableUploads } from '../../db/schema';
import { insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { finishTiming, PENDING_UPLOADS_PER_USER, receiveTiming, sweepResumableUploads } from './resumable';
import { paddedWav } from './resumable.test-helpers';

// Resumable uploads (tus 1.0) over real HTTP: a listening server, raw requests where the test must control the bytes
// (a socket destroyed mid-PATCH), tus-js-client where the reference client must agree with the server.
let ctx: TestContext;
let user: TestUser;
let origin: string;

beforeAll(async () => {
  ctx = await createTestApp();
  user = await createTestUser(ctx);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',');

function send(method: string, path: string, who: TestUser | null, headers: Record<string, string> = {}, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${path}`, {
      method,
      headers: { 'tus-resumable': '1.0.0', ...(who ? who.headers : {}), ...(body ? { 'content-type': TUS_CONTENT_TYPE, 'content-length': String(body.length) } : {}), ...headers },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function create(kind: 'recordings' | 'documents', length: number, fields: Record<string, string>, who: TestUser = user): Promise<string> {
  const res = await send('POST', `/api/uploads/${kind}`, who, { 'upload-length': String(length), 'upload-metadata': metadata(fields) });
  expect(res.status, res.body).toBe(201);
  expect(res.headers.location).toMatch(new RegExp(`^/api/uploads/${kind}/u[A-Za-z0-9_-]{32}$`));
  return res.headers.location!;
}
const patch = (url: string, offset: number, bytes: Buffer, who: TestUser = user) => send('PATCH', url, who, { 'upload-offset': String(offset) }, bytes);
const head = (url: string, who: TestUser = user) => send('HEAD', url, who);
const offsetOf = async (url: string) => Number((await head(url)).headers['upload-offset']);
const recordingRows = (key: string) => ctx.db.select().from(recordings).where(eq(recordings.uploadKey, key));
const partRows = async () => (await ctx.db.select().from(resumableUploadParts)).length;

/** The bytes the server stored for a recording (its audio, through the API). */
async function storedAudio(id: string): Promise<Buffer> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/recordings/${id}/audio`, headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('resumable uploads (tus 1.0)', () => {
  it('creates an upload, takes its bytes in parts, tells the offset, and the last part makes one recording', async () => {
    const file = paddedWav(3 * 1024 * 1024 + 123);
    const url = await create('recordings', file.length, { filename: 'incoming_20261124_153012_5125550100_x.m4a', upload_key: 'tus-parts-0001', time_zone: 'America/Chicago' });
    expect(await offsetOf(url)).toBe(0);
    const first = await patch(url, 0, file.subarray(0, 1024 * 1024));
    expect(first.status, first.body).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(1024 * 1024));
    expect(first.headers['upload-expires']).toBeTruthy();
    expect(first.headers[UPLOAD_RESULT_HEADER.toLowerCase()]).toBeUndefined();
    const headed = await head(url);
    expect(headed.status).toBe(200);
    expect(headed.headers['upload-offset']).toBe(String(1024 * 1024));
    expect(headed.headers['upload-length']).toBe(String(file.length));
    expect(headed.headers['tus-resumable']).toBe('1.0.0');
    expect(headed.headers['cache-control']).toBe('no-store');
    // An offset that is not the server's is refused without changing anything.
    expect((await patch(url, 0, file.subarray(0, 10))).status).toBe(409);
    const last = await patch(url, 1024 * 1024, file.subarray(1024 * 1024));
    expect(last.status, last.body).toBe(204);
    expect(last.headers['upload-offset']).toBe(String(file.length));
    const id = last.headers[UPLOAD_RESULT_HEADER.toLowerCase()] as string;
    const rows = await recordingRows('tus-parts-0001');
    expect(rows.map((r) => [r.id, r.status, r.fileSize, r.fileType, r.phoneNumber])).toEqual([[id, 'stored', file.length, 'wav', '5125550100']]);
    expect((await storedAudio(id)).equals(file)).toBe(true);
    // A HEAD after the end (the last answer was lost) names the same recording; nothing is made twice.
    const again = await head(url);
    expect(again.headers['upload-offset']).toBe(String(file.length));
    expect(again.headers[UPLOAD_RESULT_HEADER.toLowerCase()]).toBe(id);
    expect(await recordingRows('tus-parts-0001')).toHaveLength(1);
    // The parts are gone once the file is whole.
    expect(await ctx.db.select().from(resumableUploadParts)).toEqual([]);
  });

  it('keeps what arrived before a connection dropped mid-PATCH: HEAD says where it stopped, the rest finishes it once', async () => {
    const file = paddedWav(6 * 1024 * 1024, { fill: 7 });
    const url = await create('recordings', file.length, { filename: 'dropped.wav', upload_key: 'tus-cut-00001' });
    const cutAt = 4 * 1024 * 1024 + 17;
    // One PATCH announcing the whole file; 4 MB of it arrive, then the socket is destroyed.
    const req = http.request(`${origin}${url}`, {
      method: 'PATCH',
      headers: { ...user.headers, 'tus-resumable': '1.0.0', 'content-type': TUS_CONTENT_TYPE, 'content-length': String(file.length), 'upload-offset': '0' },
    });
    req.on('error', () => {});
    await new Promise<void>((resolve) => req.write(file.subarray(0, cutAt), () => resolve()));
    await expect.poll(async () => (await ctx.db.select({ bytes: resumableUploadParts.key }).from(resumableUploadParts)).length).toBe(1);
    await sleep(300); // the bytes in flight reach the server
    req.destroy();
    // The server kept every byte that arrived: the upload continues from there, not from 0.
    await expect.poll(() => offsetOf(url), { timeout: 10_000 }).toBe(cutAt);
    const rest = await patch(url, cutAt, file.subarray(cutAt));
    expect(rest.status, rest.body).toBe(204);
    const id = rest.headers[UPLOAD_RESULT_HEADER.toLowerCase()] as string;
    expect(await recordingRows('tus-cut-00001')).toHaveLength(1);
    expect((await storedAudio(id)).equals(file)).toBe(true);
  });

  it('a new request on an upload whose PATCH is still open (a connection the server has not seen die) ends it and keeps its bytes', async () => {
    const file = paddedWav(2 * 1024 * 1024, { fill: 3 });
    const url = await create('recordings', file.length, { filename: 'zombie.wav', upload_key: 'tus-zombie-01' });
    const stuck = http.request(`${origin}${url}`, {
      method: 'PATCH',
      headers: { ...user.headers, 'tus-resumable': '1.0.0', 'content-type': TUS_CONTENT_TYPE, 'content-length': String(file.length), 'upload-offset': '0' },
    });
    stuck.on('error', () => {});
    await new Promise<void>((resolve) => stuck.write(file.subarray(0, 1024 * 1024), () => resolve()));
    await sleep(300);
    // The client gave up on that request without the server noticing, and asks where to go on.
    const at = await offsetOf(url);
    expect(at).toBe(1024 * 1024);
    const rest = await patch(url, at, file.subarray(at));
    expect(rest.status, rest.body).toBe(204);
    const id = rest.headers[UPLOAD_RESULT_HEADER.toLowerCase()] as string;
    expect((await storedAudio(id)).equals(file)).toBe(true);
    stuck.destroy();
  });

  it('tus-js-client, the kept client, uploads through it, resumes a stored upload and gets the recording', async () => {
    const file = paddedWav(5 * 1024 * 1024 + 1, { fill: 11 });
    const endpoint = `${origin}/api/uploads/recordings`;
    const run = (opts: { chunkSize?: number; uploadUrl?: string; stopAfter?: number }) =>
      new Promise<{ url: string; result: string | undefined }>((resolve, reject) => {
        let sent = 0;
        const upload: Upload = new Upload(file, {
          endpoint,
          ...(opts.uploadUrl ? { uploadUrl: opts.uploadUrl } : {}),
          ...(opts.chunkSize ? { chunkSize: opts.chunkSize } : {}),
          metadata: { filename: 'client.wav', upload_key: 'tus-client-001' },
          headers: user.headers,
          retryDelays: [0, 100, 300],
          onChunkComplete: (_size, accepted) => {
            sent = accepted;
            if (opts.stopAfter && sent >= opts.stopAfter) {
              void upload.abort().then(() => resolve({ url: upload.url!, result: undefined }));
            }
          },
          onSuccess: ({ lastResponse }) => resolve({ url: upload.url!, result: lastResponse.getHeader(UPLOAD_RESULT_HEADER) }),
          onError: reject,
        });
        upload.start();
      });
    const stopped = await run({ chunkSize: 1024 * 1024, stopAfter: 2 * 1024 * 1024 });
    expect(stopped.result).toBeUndefined();
    expect(await offsetOf(new URL(stopped.url).pathname)).toBe(2 * 1024 * 1024);
    // A later start with the upload's URL asks for the offset (HEAD) and sends only the rest.
    const done = await run({ uploadUrl: stopped.url });
    expect(done.url).toBe(stopped.url);
    expect(done.result).toMatch(/^[0-9a-f-]{36}$/);
    expect((await storedAudio(done.result!)).equals(file)).toBe(true);
    expect(await recordingRows('tus-client-001')).toHaveLength(1);
  });

  it('creation-with-upload: the bytes may come with the creation, and a small file is finished by it', async () => {
    const file = paddedWav(64 * 1024, { fill: 5 });
    const res = await send('POST', '/api/uploads/recordings', user, { 'upload-length': String(file.length), 'upload-metadata': metadata({ filename: 'at-once.wav', upload_key: 'tus-at-once-1' }) }, file);
    expect(res.status, res.body).toBe(201);
    expect(res.headers['upload-offset']).toBe(String(file.length));
    expect(res.headers[UPLOAD_RESULT_HEADER.toLowerCase()]).toBe((await recordingRows('tus-at-once-1'))[0]!.id);
  });

  it('a recording already stored under the upload_key is the answer: no second recording', async () => {
    const file = paddedWav(200 * 1024, { fill: 9 });
    const first = await send('POST', '/api/uploads/recordings', user, { 'upload-length': String(file.length), 'upload-metadata': metadata({ filename: 'twice.wav', upload_key: 'tus-twice-001' }) }, file);
    const url = await create('recordings', file.length, { filename: 'twice.wav', upload_key: 'tus-twice-001' });
    const second = await patch(url, 0, file);
    expect(second.status).toBe(204);
    expect(second.headers[UPLOAD_RESULT_HEADER.toLowerCase()]).toBe(first.headers[UPLOAD_RESULT_HEADER.toLowerCase()]);
    expect(await recordingRows('tus-twice-001')).toHaveLength(1);
  });

  it('refuses an Upload-Length over the kind’s limit with 413 before any byte, and stores nothing', async () => {
    const before = await ctx.db.select().from(resumableUploads);
    const res = await send('POST', '/api/uploads/recordings', user, { 'upload-length': String(ctx.config.recordingMaxBytes + 1), 'upload-metadata': metadata({ filename: 'huge.wav' }) });
    expect(res.status).toBe(413);
    expect(res.headers['tus-max-size']).toBe(String(ctx.config.recordingMaxBytes));
    expect(JSON.parse(res.body).error.code).toBe('PAYLOAD_TOO_LARGE');
    const doc = await send('POST', '/api/uploads/documents', user, { 'upload-length': String(ctx.config.documentMaxBytes + 1), 'upload-metadata': metadata({ filename: 'huge.pdf' }) });
    expect(doc.status).toBe(413);
    expect(await ctx.db.select().from(resumableUploads)).toHaveLength(before.length);
  });

  it('refuses a file of no accepted kind by its first bytes (415) and removes the upload', async () => {
    const text = Buffer.alloc(300 * 1024, 'not audio at all ');
    const url = await create('recordings', text.length, { filename: 'notes.wav', upload_key: 'tus-text-0001' });
    const res = await patch(url, 0, text);
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body).error.message).toMatch(/^Unsupported file type: upload a call recording/);
    expect((await head(url)).status).toBe(404);
    expect(await recordingRows('tus-text-0001')).toEqual([]);
    expect(await partRows()).toBe(0);

    // Cut before its first 64 KB were in, it is recognised when they are.
    const late = await create('recordings', text.length, { filename: 'late.wav', upload_key: 'tus-text-0002' });
    expect((await patch(late, 0, text.subarray(0, 10_000))).status).toBe(204);
    const refused = await patch(late, 10_000, text.subarray(10_000));
    expect(refused.status).toBe(415);
    expect((await head(late)).status).toBe(404);
    expect(await partRows()).toBe(0);
  });

  it('is its creator’s alone: another user (of another workspace or the same) gets 404, anonymous 401', async () => {
    const file = paddedWav(100 * 1024);
    const url = await create('recordings', file.length, { filename: 'mine.wav', upload_key: 'tus-mine-0001' });
    const stranger = await createTestUser(ctx);
    const colleague = await createTestUser(ctx, { workspaceId: user.workspaceId });
    for (const other of [stranger, colleague]) {
      expect((await head(url, other)).status).toBe(404);
      expect((await patch(url, 0, file, other)).status).toBe(404);
      expect((await send('DELETE', url, other)).status).toBe(404);
    }
    expect((await send('HEAD', url, null)).status).toBe(401);
    expect((await send('POST', '/api/uploads/recordings', null, { 'upload-length': '10' })).status).toBe(401);
    // Under the other kind's path it is not found either.
    expect((await head(url.replace('/recordings/', '/documents/'))).status).toBe(404);
    expect(await offsetOf(url)).toBe(0);
    const done = await patch(url, 0, file);
    expect(done.status).toBe(204);
  });

  it('bounds each user’s unfinished uploads (count and declared bytes): 429 beyond them', async () => {
    const busy = await createTestUser(ctx);
    for (let i = 0; i < 4; i++) await create('recordings', 250 * 1024 * 1024, { filename: `big-${i}.wav` }, busy);
    const over = await send('POST', '/api/uploads/recordings', busy, { 'upload-length': String(250 * 1024 * 1024), 'upload-metadata': metadata({ filename: 'big-4.wav' }) });
    expect(over.status).toBe(429);
    expect(JSON.parse(over.body).error.message).toMatch(/^Too many unfinished uploads/);

    const many = await createTestUser(ctx);
    for (let i = 0; i < PENDING_UPLOADS_PER_USER; i++) await create('documents', 1000, { filename: `d${i}.pdf` }, many);
    expect((await send('POST', '/api/uploads/documents', many, { 'upload-length': '1000', 'upload-metadata': metadata({ filename: 'one-more.pdf' }) })).status).toBe(429);
    // Cancelling one (tus termination) makes room.
    const [oldest] = await ctx.db.select().from(resumableUploads).where(eq(resumableUploads.userId, many.id));
    expect((await send('DELETE', `/api/uploads/documents/${oldest!.id}`, many)).status).toBe(204);
    expect((await head(`/api/uploads/documents/${oldest!.id}`, many)).status).toBe(404);
    await create('documents', 1000, { filename: 'one-more.pdf' }, many);
    // One that has had no bytes for an hour gives way to a new one (an abandoned upload never blocks its owner).
    const [stale] = await ctx.db.select().from(resumableUploads).where(eq(resumableUploads.userId, many.id));
    await ctx.db.update(resumableUploads).set({ updatedAt: new Date(Date.now() - 2 * 60 * 60_000) }).where(eq(resumableUploads.id, stale!.id));
    await create('documents', 1000, { filename: 'newest.pdf' }, many);
    expect((await head(`/api/uploads/documents/${stale!.id}`, many)).status).toBe(404);
    expect((await send('POST', '/api/uploads/documents', many, { 'upload-length': '1000', 'upload-metadata': metadata({ filename: 'again.pdf' }) })).status).toBe(429);
  });

  it('an upload whose one long PATCH is still receiving is never stale nor expired: its owner’s next upload and the sweep leave it, and it finishes', async () => {
    const timing = { ...receiveTiming };
    receiveTiming.touchEveryMs = 50;
    try {
      const owner = await createTestUser(ctx);
      const file = paddedWav(3 * 1024 * 1024, { fill: 11 });
      const url = await create('recordings', file.length, { filename: 'long-call.wav', upload_key: 'tus-long-00001' }, owner);
      const id = url.split('/').pop()!;
      for (let i = 0; i < PENDING_UPLOADS_PER_USER - 1; i++) await create('documents', 1000, { filename: `w${i}.pdf` }, owner);
      // tus-js-client's default: the whole file in one PATCH, here over a weak signal (bytes now and then).
      const long = http.request(`${origin}${url}`, {
        method: 'PATCH',
        headers: { ...owner.headers, 'tus-resumable': '1.0.0', 'content-type': TUS_CONTENT_TYPE, 'content-length': String(file.length), 'upload-offset': '0' },
      });
      const answered = new Promise<Answer>((resolve, reject) => {
        long.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        });
        long.on('error', reject);
      });
      const sendBytes = (from: number, to: number) => new Promise<void>((resolve) => long.write(file.subarray(from, to), () => resolve()));
      await sendBytes(0, 1024 * 1024);
      await expect.poll(async () => (await ctx.db.select().from(resumableUploadParts).where(eq(resumableUploadParts.uploadId, id))).length).toBe(1);
      // More than an hour into that PATCH (nothing committed since its creation), a day nearly gone; bytes still arrive.
      await ctx.db
        .update(resumableUploads)
        .set({ updatedAt: new Date(Date.now() - 2 * 60 * 60_000), expiresAt: new Date(Date.now() + 1000) })
        .where(eq(resumableUploads.id, id));
      await sendBytes(1024 * 1024, 2 * 1024 * 1024);
      await sleep(300);
      // The owner's next upload would be one too many: the receiving one does not give way (before: it was expired and
      // removed, and the PATCH answered 409 after its hour).
      const next = await send('POST', '/api/uploads/documents', owner, { 'upload-length': '1000', 'upload-metadata': metadata({ filename: 'next.pdf' }) });
      expect(next.status, next.body).toBe(429);
      // Nor does the sweep take it: its Upload-Expires moved on while bytes arrived.
      expect(await sweepResumableUploads(ctx.db, ctx.blobs, { now: new Date(Date.now() + 60_000) })).toBe(0);
      await sendBytes(2 * 1024 * 1024, file.length);
      long.end();
      const done = await answered;
      expect(done.status, done.body).toBe(204);
      const recordingId = done.headers[UPLOAD_RESULT_HEADER.toLowerCase()] as string;
      expect(await recordingRows('tus-long-00001')).toHaveLength(1);
      const audio = await ctx.app.inject({ method: 'GET', url: `/api/recordings/${recordingId}/audio`, headers: owner.headers });
      expect(audio.rawPayload.equals(file)).toBe(true);
    } finally {
      Object.assign(receiveTiming, timing);
    }
  });

  it('the upload sweep removes an expired upload and its parts; an unexpired one is kept', async () => {
    const file = paddedWav(300 * 1024);
    const url = await create('recordings', file.length, { filename: 'left.wav', upload_key: 'tus-left-0001' });
    expect((await patch(url, 0, file.subarray(0, 100 * 1024))).status).toBe(204);
    const id = url.split('/').pop()!;
    const [part] = await ctx.db.select().from(resumableUploadParts).where(eq(resumableUploadParts.uploadId, id));
    expect(await ctx.blobs.size(part!.key)).toBe(100 * 1024);
    expect(await sweepResumableUploads(ctx.db, ctx.blobs, { now: new Date(Date.now() + 60 * 60_000) })).toBe(0);
    expect(await offsetOf(url)).toBe(100 * 1024);
    await sweepResumableUploads(ctx.db, ctx.blobs, { now: new Date(Date.now() + 25 * 60 * 60_000) });
    expect((await head(url)).status).toBe(404);
    expect(await ctx.blobs.size(part!.key)).toBeNull();
    expect(await ctx.db.select().from(resumableUploadParts).where(eq(resumableUploadParts.uploadId, id))).toEqual([]);
  });

  it('a document: made on the documents path (processing), its job checked at the end — a refused one is removed', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(6 * 1024 * 1024, 'x'), Buffer.from('\n%%EOF\n')]);
    const url = await create('documents', pdf.length, { filename: 'big-plan.pdf' });
    const res = await patch(url, 0, pdf);
    expect(res.status, res.body).toBe(204);
    const id = res.headers[UPLOAD_RESULT_HEADER.toLowerCase()] as string;
    const [doc] = await ctx.db.select().from(documents).where(eq(documents.id, id));
    expect([doc!.name, doc!.status, doc!.fileSize, doc!.fileType]).toEqual(['big-plan.pdf', 'processing', pdf.length, 'pdf']);

    // A job not in the workspace is refused at the creation, before any byte…
    const early = await send('POST', '/api/uploads/documents', user, {
      'upload-length': String(pdf.length),
      'upload-metadata': metadata({ filename: 'nowhere.pdf', job_id: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(early.status).toBe(400);
    expect(JSON.parse(early.body).error.message).toBe('No such job in your workspace');
    // … and one gone while the bytes came, at the end: the upload is removed, no document made.
    const job = await insertJob(ctx.db, { workspaceId: user.workspaceId!, title: 'Roof' });
    const bad = await create('documents', pdf.length, { filename: 'gone.pdf', job_id: job.id });
    await ctx.db.delete(jobs).where(eq(jobs.id, job.id));
    const refused = await patch(bad, 0, pdf);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).error.message).toBe('No such job in your workspace');
    expect((await head(bad)).status).toBe(404);
    expect(await ctx.db.select().from(documents).where(eq(documents.name, 'gone.pdf'))).toEqual([]);
    expect(await partRows()).toBe(0);
  });

  it('answers the protocol’s errors: a missing length, a wrong body type, another tus version', async () => {
    expect((await send('POST', '/api/uploads/documents', user, {})).status).toBe(400);
    const url = await create('documents', 100, { filename: 'a.pdf' });
    expect((await send('PATCH', url, user, { 'upload-offset': '0', 'content-type': 'application/json' }, Buffer.from('{}'))).status).toBe(415);
    const old = await send('HEAD', url, user, { 'tus-resumable': '0.2.2' });
    expect(old.status).toBe(412);
    expect(old.headers['tus-version']).toBe('1.0.0');
    expect((await send('PATCH', url, user, { 'upload-offset': '0' }, Buffer.alloc(101))).status).toBe(400);
  });
});

describe('finishing a resumable upload exactly once', () => {
  const RESULT = UPLOAD_RESULT_HEADER.toLowerCase();
  const pdfOf = (fill: string) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(256 * 1024, fill), Buffer.from('\n%%EOF\n')]);
  const documentsNamed = (name: string) => ctx.db.select().from(documents).where(eq(documents.name, name));
  const uploadIdOf = (url: string) => url.split('/').pop()!;
  const sessionOf = async (url: string) => (await ctx.db.select().from(resumableUploads).where(eq(resumableUploads.id, uploadIdOf(url))))[0]!;
  const partsOf = (url: string) => ctx.db.select().from(resumableUploadParts).where(eq(resumableUploadParts.uploadId, uploadIdOf(url)));
  /** The lease of a finisher that is gone (its process died, or froze) runs out. */
  const leaseRunsOut = (url: string) => ctx.db.update(resumableUploads).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(resumableUploads.id, uploadIdOf(url)));

  /**
   * The finishing process is cut where the upload leaves 'finishing': every such write of upload `url` fails (only the
   * one to 'finished' with `only`), as if the process died there, until the returned function is called.
   */
  async function cutBeforeLeavingFinishing(url: string, only?: 'finished'): Promise<() => Promise<void>> {
    await ctx.db.execute(sql.raw(`CREATE OR REPLACE FUNCTION test_cut_finish() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the finishing process is cut here'; END $$`));
    const leaving = only ? `NEW.status = '${only}'` : `NEW.status <> 'finishing'`;
    await ctx.db.execute(
      sql.raw(`CREATE TRIGGER test_cut_finish BEFORE UPDATE ON resumable_uploads FOR EACH ROW WHEN (OLD.id = '${uploadIdOf(url)}' AND OLD.status = 'finishing' AND ${leaving}) EXECUTE FUNCTION test_cut_finish()`),
    );
    return async () => {
      await ctx.db.execute(sql.raw('DROP TRIGGER test_cut_finish ON resumable_uploads'));
    };
  }

  /**
   * Holds the first blob written under `prefix` until `release()`: a finish that takes its time. With `readFirst`
   * its bytes are read before it is held (the finisher froze while writing them).
   */
  function holdFirstPut(prefix: string, opts: { readFirst?: boolean } = {}) {
    const blobs = ctx.blobs;
    const put = blobs.put.bind(blobs);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let entered!: (key: string) => void;
    const held = new Promise<string>((resolve) => (entered = resolve));
    let holding = false;
    const { readFirst = false } = opts;
    blobs.put = async (key, body, options) => {
      if (!holding && key.startsWith(prefix)) {
        holding = true;
        const bytes = readFirst ? await buffer(body) : null;
        entered(key);
        await released;
        if (bytes) return put(key, Readable.from([bytes]), options);
      }
      return put(key, body, options);
    };
    return { held, release, restore: () => (blobs.put = put) };
  }

  /** The whole file in one PATCH while the finish is cut (cutBeforeLeavingFinishing), healed after. */
  async function patchWhileCut(url: string, body: Buffer, at?: Parameters<typeof cutBeforeLeavingFinishing>[1]): Promise<Answer> {
    const heal = await cutBeforeLeavingFinishing(url, at);
    try {
      return await patch(url, 0, body);
    } finally {
      await heal();
    }
  }

  it('the process died after making the document, before marking the upload finished: the next HEAD answers that document, no second one', async () => {
    const pdf = pdfOf('a');
    const url = await create('documents', pdf.length, { filename: 'died-after-finish.pdf' });
    const cut = await patchWhileCut(url, pdf);
    expect(cut.status).toBe(500);
    const [made] = await documentsNamed('died-after-finish.pdf');
    expect(made?.status).toBe('processing');
    expect((await sessionOf(url)).status).toBe('finishing');
    await leaseRunsOut(url);

    const again = await head(url);
    expect(again.status, again.body).toBe(200);
    expect(again.headers[RESULT]).toBe(made!.id);
    expect((await documentsNamed('died-after-finish.pdf')).map((d) => d.id)).toEqual([made!.id]);
    expect(await partsOf(url)).toEqual([]);
    expect((await head(url)).headers[RESULT]).toBe(made!.id);
  });

  it('marking the upload finished failed once (after the document was made): the PATCH tried again answers that document, no second one', async () => {
    const pdf = pdfOf('b');
    const url = await create('documents', pdf.length, { filename: 'last-write-failed.pdf' });
    const cut = await patchWhileCut(url, pdf, 'finished');
    expect(cut.status).toBe(500);
    expect((await sessionOf(url)).status).toBe('receiving');
    const [made] = await documentsNamed('last-write-failed.pdf');

    const retry = await patch(url, pdf.length, Buffer.alloc(0));
    expect(retry.status, retry.body).toBe(204);
    expect(retry.headers[RESULT]).toBe(made!.id);
    expect((await documentsNamed('last-write-failed.pdf')).map((d) => d.id)).toEqual([made!.id]);
  });

  it('a finish slower than its lease keeps it (renewed while it works): a HEAD meanwhile waits and gets 423, never a second document', async () => {
    const timing = { ...finishTiming };
    // Short enough to wait out here, with room for a loaded machine between renewals.
    Object.assign(finishTiming, { leaseMs: 3000, renewEveryMs: 100, waitMs: 1000 });
    const slow = holdFirstPut('documents/');
    try {
      const pdf = pdfOf('c');
      const url = await create('documents', pdf.length, { filename: 'slow-finish.pdf' });
      const finishing = patch(url, 0, pdf);
      await slow.held;
      // Well past the lease it claimed: without renewals another request would take the upload over now.
      await sleep(finishTiming.leaseMs + 500);
      const meanwhile = await head(url);
      expect(meanwhile.status, meanwhile.headers[RESULT] as string).toBe(423);
      slow.release();
      const done = await finishing;
      expect(done.status, done.body).toBe(204);
      const id = done.headers[RESULT] as string;
      expect((await head(url)).headers[RESULT]).toBe(id);
      expect((await documentsNamed('slow-finish.pdf')).map((d) => d.id)).toEqual([id]);
    } finally {
      slow.restore();
      Object.assign(finishTiming, timing);
    }
  });

  it('a finish that stalled past its lease is taken over: its unfinished document and blob go, one document is made, and both requests answer it', async () => {
    const frozen = holdFirstPut('documents/', { readFirst: true });
    try {
      const pdf = pdfOf('d');
      const url = await create('documents', pdf.length, { filename: 'stalled-finish.pdf' });
      const stalled = patch(url, 0, pdf);
      const stalledKey = await frozen.held;
      expect((await documentsNamed('stalled-finish.pdf')).map((d) => d.status)).toEqual(['uploading']);
      // The finisher froze while writing its blob (no renewals) until its lease ran out; the client asks again.
      await leaseRunsOut(url);
      const taken = await head(url);
      expect(taken.status, taken.body).toBe(200);
      const id = taken.headers[RESULT] as string;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);

      // The frozen finisher wakes up after its row and blob were removed: its blob lands, then it finds the upload
      // taken over — it finishes nothing, removes that blob, and answers what was made.
      frozen.release();
      const late = await stalled;
      expect(late.status, late.body).toBe(204);
      expect(late.headers[RESULT]).toBe(id);
      expect((await documentsNamed('stalled-finish.pdf')).map((d) => [d.id, d.status])).toEqual([[id, 'processing']]);
      expect(await ctx.blobs.size(stalledKey)).toBeNull();
      expect(await partsOf(url)).toEqual([]);
    } finally {
      frozen.restore();
    }
  });
  it('a recording whose finish froze between its row and the finish: the next HEAD stores it (no 423 behind its own upload_key), one recording', async () => {
    const frozen = holdFirstPut('recordings/', { readFirst: true });
    try {
      const file = paddedWav(300 * 1024, { fill: 21 });
      const url = await create('recordings', file.length, { filename: 'frozen.wav', upload_key: 'tus-frozen-001' });
      const stalled = patch(url, 0, file);
      await frozen.held;
      await leaseRunsOut(url);
      const taken = await head(url);
      expect(taken.status, taken.body).toBe(200);
      const id = taken.headers[RESULT] as string;
      frozen.release();
      const late = await stalled;
      expect(late.status, late.body).toBe(204);
      expect(late.headers[RESULT]).toBe(id);
      expect((await recordingRows('tus-frozen-001')).map((r) => [r.id, r.status])).toEqual([[id, 'stored']]);
      expect((await storedAudio(id)).equals(file)).toBe(true);
    } finally {
      frozen.restore();
    }
  });
});

describe('resumable uploads in an S3-compatible store', () => {
  it('a PATCH cut mid-way keeps its bytes as a part object; the rest finishes one recording; the parts are removed', async () => {
    const { startS3Server } = await import('../../test/s3-server');
    const { parseS3Url, s3BlobStore } = await import('../blob-store');
    const s3 = await startS3Server();
    const onS3 = await createTestApp({}, { blobs: await s3BlobStore(parseS3Url(s3.url)) });
    try {
      const owner = await createTestUser(onS3);
      await onS3.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(onS3.app.server.address() as AddressInfo).port}`;
      const file = paddedWav(3 * 1024 * 1024, { fill: 17 });
      const created = await fetch(`${base}/api/uploads/recordings`, {
        method: 'POST',
        headers: { ...owner.headers, 'tus-resumable': '1.0.0', 'upload-length': String(file.length), 'upload-metadata': metadata({ filename: 's3.wav', upload_key: 'tus-s3-00001' }) },
      });
      expect(created.status).toBe(201);
      const url = `${base}${created.headers.get('location')}`;
      const cutAt = 2 * 1024 * 1024 + 5;
      const req = http.request(url, { method: 'PATCH', headers: { ...owner.headers, 'tus-resumable': '1.0.0', 'content-type': TUS_CONTENT_TYPE, 'content-length': String(file.length), 'upload-offset': '0' } });
      req.on('error', () => {});
      await new Promise<void>((resolve) => req.write(file.subarray(0, cutAt), () => resolve()));
      await sleep(500);
      req.destroy();
      const offset = async () => Number((await fetch(url, { method: 'HEAD', headers: { ...owner.headers, 'tus-resumable': '1.0.0' } })).headers.get('upload-offset'));
      await expect.poll(offset, { timeout: 15_000 }).toBe(cutAt);
      const [part] = await onS3.db.select().from(resumableUploadParts);
      expect(await onS3.blobs.size(part!.key)).toBe(cutAt);
      const rest = await fetch(url, { method: 'PATCH', headers: { ...owner.headers, 'tus-resumable': '1.0.0', 'content-type': TUS_CONTENT_TYPE, 'upload-offset': String(cutAt) }, body: file.subarray(cutAt) });
      expect(rest.status).toBe(204);
      const id = rest.headers.get(UPLOAD_RESULT_HEADER)!;
      const audio = await onS3.app.inject({ method: 'GET', url: `/api/recordings/${id}/audio`, headers: owner.headers });
      expect(audio.rawPayload.equals(file)).toBe(true);
      expect(await onS3.blobs.size(part!.key)).toBeNull();
    } finally {
      await onS3.close();
      await s3.close();
    }
  });
});
