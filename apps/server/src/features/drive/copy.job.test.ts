import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { DriveCopySchema } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { driveConnections, driveCopies, recordings, userSettings } from '../../db/schema';
import type { BlobStore } from '../../platform/blob-store';
import { itemAdded } from '../../platform/item-events';
import { startJob } from '../../platform/jobs';
import { insertContact, insertJob, insertTask } from '../../test/factories';
import { startGoogleStub, type GoogleStub, type StubFile } from '../../test/google-stub';
import { multipartBody } from '../../test/multipart';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { transcriptionJob } from '../recordings';
import { accessToken, driveDeps, findConnection } from './connection.service';
import { driveCopyJob, queueCopy } from './copy.job';
import { connectDrive, driveStatus } from './drive.test-helpers';
import { CHUNK_GRANULARITY } from './google-client';

let stub: GoogleStub;
let ctx: TestContext;
let alice: TestUser;
const CHUNK = CHUNK_GRANULARITY; // small chunks: a 6 MB file goes up in 24 of them

beforeAll(async () => {
  stub = await startGoogleStub();
  ctx = await createTestApp({ ...stub.env, DRIVE_RETRY_BASE_MS: '1' });
  alice = await createTestUser(ctx);
  await connectDrive(ctx, alice, stub);
});
afterAll(async () => {
  await ctx.close();
  await stub.close();
});
beforeEach(() => {
  // Each test counts its own files; the FIELDBOOK folders stay (the connection knows them).
  for (const [id, f] of stub.files) if (f.mimeType !== 'application/vnd.google-apps.folder') stub.files.delete(id);
});

const drive = () => driveDeps({ db: ctx.db, config: ctx.config.drive!, publicUrl: ctx.config.publicUrl });
const job = (blobs: BlobStore = ctx.blobs) => startJob(ctx.db, driveCopyJob({ drive: drive(), blobs, chunkBytes: CHUNK }));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const named = (name: string) => [...stub.files.values()].filter((f) => f.name === name);
const folderOf = (f: StubFile) => stub.files.get(f.parents[0]!);
const copyRow = async (itemId: string) => (await ctx.db.select().from(driveCopies).where(eq(driveCopies.itemId, itemId)))[0]!;

/** A file in the blob store and its copy queued, as the item-added hook does. */
async function queueBlob(bytes: Buffer, opts: { name?: string; kind?: 'document' | 'recording'; user?: TestUser } = {}) {
  const id = randomUUID();
  const blobKey = `documents/${alice.workspaceId}/${id}`;
  await ctx.blobs.put(blobKey, Readable.from([bytes]));
  const name = opts.name ?? `file-${id.slice(0, 8)}.bin`;
  const kind = opts.kind ?? 'recording';
  await queueCopy(ctx.db, { kind, id, userId: (opts.user ?? alice).id, workspaceId: alice.workspaceId, name, mimeType: 'audio/mp4', blobKey, size: bytes.length, folderKey: kind === 'document' ? 'documents' : 'recordings' });
  return { id, name };
}

async function expectOneIdenticalFile(name: string, bytes: Buffer, folder: string) {
  const files = named(name);
  expect(files).toHaveLength(1);
  expect(files[0]!.size).toBe(bytes.length);
  expect(files[0]!.sha256).toBe(sha(bytes));
  expect(Buffer.compare(files[0]!.content!, bytes)).toBe(0);
  expect(folderOf(files[0]!)!.name).toBe(folder);
  return files[0]!;
}

describe('what users add is copied to their Drive', () => {
  it('an uploaded document goes to FIELDBOOK/documents, byte for byte, and the document knows its Drive file', async () => {
    const bytes = Buffer.from('Invoice 42\nTotal due: $1,800\n');
    const body = multipartBody({ file: { name: 'invoice-42.txt', bytes } });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/process-documents', payload: body.payload, headers: { ...body.headers, ...alice.headers } });
    expect(res.statusCode).toBe(201);
    const docId = (res.json() as { id: string }).id;
    expect(await job().drain()).toBeGreaterThanOrEqual(1);
    const file = await expectOneIdenticalFile('invoice-42.txt', bytes, 'documents');
    expect(folderOf(folderOf(file)!)!.name).toBe('FIELDBOOK');
    const copy = DriveCopySchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/drive/items/document/${docId}`, headers: alice.headers })).json());
    expect(copy).toMatchObject({ status: 'done', drive_file_id: file.id, web_view_link: `https://drive.google.com/file/d/${file.id}/view?usp=drivesdk` });
  });

  it('a document of a job with a client goes to FIELDBOOK/clients/<client, non-alphanumerics → _>', async () => {
    const j = await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: "O'Brien & Sons, LLC" });
    const bytes = Buffer.from('Estimate for the roof\n');
    const body = multipartBody({ fields: { job_id: j.id }, file: { name: 'estimate.txt', bytes } });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/process-documents', payload: body.payload, headers: { ...body.headers, ...alice.headers } })).statusCode).toBe(201);
    await job().drain();
    const file = await expectOneIdenticalFile('estimate.txt', bytes, 'O_Brien___Sons__LLC');
    expect(folderOf(folderOf(file)!)!.name).toBe('clients');
  });

  it('a generated document goes to its client’s folder; a task list sent goes to FIELDBOOK/tasks as a text file', async () => {
    const j = await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Lee Family', propertyAddress: '9 Pine Road' });
    await insertTask(ctx.db, { workspaceId: alice.workspaceId!, jobId: j.id, description: 'Replace the gutter' });
    const generated = await ctx.app.inject({ method: 'POST', url: `/api/jobs/${j.id}/generate-document?doc_type=estimate`, payload: {}, headers: alice.headers });
    expect(generated.statusCode, generated.body).toBe(201);
    const maria = await insertContact(ctx.db, { ownerId: alice.id, name: 'Maria', phoneNumber: '5125550199' });
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/notifications', payload: { job_id: j.id, type: 'task_notification', recipients: [maria.id], method: 'sms', content: 'Crew arrives at 8am.', tasks: [] }, headers: alice.headers });
    expect(sent.statusCode).toBe(200);
    await job().drain();
    const pdf = [...stub.files.values()].filter((f) => f.mimeType === 'application/pdf');
    expect(pdf).toHaveLength(1);
    expect(folderOf(pdf[0]!)!.name).toBe('Lee_Family');
    expect(pdf[0]!.content!.subarray(0, 5).toString()).toBe('%PDF-');
    const lists = [...stub.files.values()].filter((f) => f.name.startsWith('tasks_9_Pine_Road_'));
    expect(lists).toHaveLength(1);
    expect(folderOf(lists[0]!)!.name).toBe('tasks');
    expect(lists[0]!.content!.toString()).toBe('Crew arrives at 8am.\nTasks for 9 Pine Road:\n• Replace the gutter (pending)');
  });

  it('copies no call while the recorder’s “Upload to Google Drive” setting is off', async () => {
    await ctx.db.insert(userSettings).values({ userId: alice.id, recorderSettings: JSON.stringify({ useGoogleDrive: false }) }).onConflictDoUpdate({ target: userSettings.userId, set: { recorderSettings: JSON.stringify({ useGoogleDrive: false }) } });
    try {
      const id = randomUUID();
      await itemAdded(ctx.db, { kind: 'recording', id, userId: alice.id, workspaceId: alice.workspaceId, name: 'not-copied.m4a', mimeType: 'audio/mp4', blobKey: `recordings/${alice.workspaceId}/${id}`, size: 1 });
      await job().drain();
      expect(named('not-copied.m4a')).toEqual([]);
    } finally {
      await ctx.db.delete(userSettings).where(eq(userSettings.userId, alice.id));
    }
  });
});

describe('uploads', () => {
  it('a file over 5 MB goes up resumably in 256 KiB multiples, byte-identical', async () => {
    const bytes = randomBytes(6 * 1024 * 1024 + 12345);
    const { name, id } = await queueBlob(bytes);
    await job().drain();
    await expectOneIdenticalFile(name, bytes, 'recordings');
    const puts = stub.requests.filter((r) => r.method === 'PUT' && r.query.get('upload_id'));
    expect(puts.length).toBeGreaterThanOrEqual(25);
    expect((await copyRow(id)).uploadUrl).toBeNull();
  });

  it('a small binary file goes up multipart, byte-identical (every byte value, CRLFs and boundaries inside)', async () => {
    const bytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from('\r\n--boundary\r\n'), randomBytes(100_000)]);
    const { name } = await queueBlob(bytes);
    await job().drain();
    await expectOneIdenticalFile(name, bytes, 'recordings');
  });
});

describe('faults end in exactly one file', () => {
  const faults = [
    ['503', { status: 503, reason: 'backendError' }],
    ['429 with Retry-After', { status: 429, reason: 'rateLimitExceeded', retryAfter: 0 }],
    ['403 userRateLimitExceeded', { status: 403, reason: 'userRateLimitExceeded' }],
    ['403 rateLimitExceeded', { status: 403, reason: 'rateLimitExceeded' }],
  ] as const;
  for (const [label, fault] of faults) {
    it(`${label} on uploads (multipart and every resumable step) is retried`, async () => {
      const small = Buffer.from(`small ${label}`);
      const big = randomBytes(5 * 1024 * 1024 + 3 * CHUNK + 7);
      const a = await queueBlob(small);
      const b = await queueBlob(big);
      // Once on the multipart upload, once on the resumable session's start, twice on its chunks.
      stub.failNext({ ...fault, match: (r) => r.method === 'POST' && r.query.get('uploadType') === 'multipart' });
      stub.failNext({ ...fault, match: (r) => r.method === 'POST' && r.query.get('uploadType') === 'resumable' });
      stub.failNext({ ...fault, match: (r) => r.method === 'PUT' && r.query.has('upload_id') }, 2);
      const requests = stub.requests.length;
      await job().drain();
      const failedOnce = stub.requests.slice(requests).filter((r) => r.path.startsWith('/upload/'));
      expect(failedOnce.length).toBeGreaterThan(4 + 8);
      await expectOneIdenticalFile(a.name, small, 'recordings');
      await expectOneIdenticalFile(b.name, big, 'recordings');
    });
  }

  it('honours Retry-After', async () => {
    const a = await queueBlob(Buffer.from('wait for it'));
    stub.failNext({ status: 429, reason: 'rateLimitExceeded', retryAfter: 1, match: (r) => r.path.startsWith('/upload/') });
    const started = Date.now();
    await job().drain();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(named(a.name)).toHaveLength(1);
  });

  it('a socket dropped mid-chunk resumes from where Drive is', async () => {
    const bytes = randomBytes(5 * 1024 * 1024 + 5 * CHUNK);
    const { name } = await queueBlob(bytes);
    stub.dropNextChunk();
    await job().drain();
    await expectOneIdenticalFile(name, bytes, 'recordings');
  });

  it('an answer lost after Drive created the file (a retried create) does not make a second one', async () => {
    const bytes = Buffer.from('created once');
    const { id, name } = await queueBlob(bytes);
    await job().drain();
    // As if the process died after Drive created the file, before the row said so.
    await ctx.db.update(driveCopies).set({ status: 'pending', webViewLink: null }).where(eq(driveCopies.itemId, id));
    await job().drain();
    await expectOneIdenticalFile(name, bytes, 'recordings');
    expect((await copyRow(id)).status).toBe('done');
  });

  it('a restart mid-copy resumes the resumable upload under the same id: one file', async () => {
    const bytes = randomBytes(5 * 1024 * 1024 + 8 * CHUNK);
    const { id, name } = await queueBlob(bytes);
    // A blob store that fails after a few chunks, as a process killed mid-upload would stop.
    let ranges = 0;
    const crashing: BlobStore = {
      ...ctx.blobs,
      kind: ctx.blobs.kind,
      get: async (key, range) => {
        if (range && ++ranges > 6) throw new Error('killed');
        return ctx.blobs.get(key, range);
      },
      size: (key) => ctx.blobs.size(key),
      put: (key, body, o) => ctx.blobs.put(key, body, o),
      delete: (key) => ctx.blobs.delete(key),
    };
    await job(crashing).drain();
    const halfway = await copyRow(id);
    expect(halfway).toMatchObject({ status: 'pending' });
    expect(halfway.driveFileId).not.toBeNull();
    expect(halfway.uploadUrl).not.toBeNull();
    expect(named(name)).toEqual([]);
    await ctx.db.update(driveCopies).set({ nextAttemptAt: new Date(0) }).where(eq(driveCopies.itemId, id));
    const putsBefore = stub.requests.filter((r) => r.method === 'PUT').length;
    await job().drain();
    await expectOneIdenticalFile(name, bytes, 'recordings');
    // It went on from where Drive was, not from the start.
    expect(stub.requests.filter((r) => r.method === 'PUT').length - putsBefore).toBeLessThan(5 * 1024 * 1024 / CHUNK + 8);
  });

  it('two processes copying at once make one file', async () => {
    const bytes = randomBytes(300_000);
    const { name } = await queueBlob(bytes);
    await Promise.all([job().drain(), job().drain()]);
    await expectOneIdenticalFile(name, bytes, 'recordings');
  });

  it('a quota error is not retried: the copy fails with Google’s words', async () => {
    const { id, name } = await queueBlob(Buffer.from('too much'));
    stub.failNext({ status: 403, reason: 'storageQuotaExceeded', message: 'The user’s Drive storage quota has been exceeded.', match: (r) => r.path.startsWith('/upload/') });
    await job().drain();
    expect(named(name)).toEqual([]);
    const row = await copyRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.error).toBe('Upload failed: 403 The user’s Drive storage quota has been exceeded.');
    expect((await driveStatus(ctx, alice)).copies.failed).toBeGreaterThanOrEqual(1);
  });
});

describe('tokens', () => {
  it('an expired access token is refreshed once, then the request is sent again', async () => {
    const refreshes = stub.tokenCalls.filter((c) => c.grantType === 'refresh_token').length;
    stub.expireAccessTokens();
    const bytes = Buffer.from('after expiry');
    const { name } = await queueBlob(bytes);
    await job().drain();
    await expectOneIdenticalFile(name, bytes, 'recordings');
    expect(stub.tokenCalls.filter((c) => c.grantType === 'refresh_token').length).toBe(refreshes + 1);
  });

  it('refreshes once for many callers at once (single flight)', async () => {
    const connection = (await findConnection(ctx.db, alice.id))!;
    // The stored token looks expired to everyone.
    await ctx.db.update(driveConnections).set({ accessTokenExpiresAt: new Date(0) }).where(eq(driveConnections.id, connection.id));
    const refreshes = stub.tokenCalls.filter((c) => c.grantType === 'refresh_token').length;
    const deps = [drive(), drive()]; // two "processes": separate deps, one database
    const tokens = await Promise.all(Array.from({ length: 6 }, (_, i) => accessToken(deps[i % 2]!, connection.id)));
    expect(new Set(tokens).size).toBe(1);
    expect(stub.tokenCalls.filter((c) => c.grantType === 'refresh_token').length).toBe(refreshes + 1);
  });

  it('while another process holds the refresh lease, this one waits for its token instead of refreshing too', async () => {
    const connection = (await findConnection(ctx.db, alice.id))!;
    const d = drive();
    const box = await d.box();
    const refreshes = stub.tokenCalls.filter((c) => c.grantType === 'refresh_token').length;
    // "Another process" took the lease a moment ago and is refreshing: the stored token is stale.
    await ctx.db.update(driveConnections).set({ accessTokenExpiresAt: new Date(0), refreshingUntil: new Date(Date.now() + 30_000) }).where(eq(driveConnections.id, connection.id));
    const waiting = accessToken(d, connection.id);
    await new Promise((r) => setTimeout(r, 300));
    // Its new token lands, and its lease is released.
    await ctx.db
      .update(driveConnections)
      .set({ accessTokenEnc: box.seal('ya29.from-the-other-process'), accessTokenExpiresAt: new Date(Date.now() + 3_600_000), refreshingUntil: null })
      .where(eq(driveConnections.id, connection.id));
    expect(await waiting).toBe('ya29.from-the-other-process');
    expect(stub.tokenCalls.filter((c) => c.grantType === 'refresh_token').length).toBe(refreshes);
    // Back to a token the stub knows.
    await ctx.db.update(driveConnections).set({ accessTokenExpiresAt: new Date(0) }).where(eq(driveConnections.id, connection.id));
    await accessToken(d, connection.id);
  });

  it('a revoked grant (invalid_grant) marks the connection needs reconnecting; copies wait and resume after reconnecting', async () => {
    stub.expireAccessTokens();
    stub.revokeRefreshTokens();
    const bytes = Buffer.from('kept for later');
    const { id, name } = await queueBlob(bytes);
    await job().drain();
    expect(named(name)).toEqual([]);
    const status = await driveStatus(ctx, alice);
    expect(status).toMatchObject({ status: 'needs_reconnect', message: 'Google Drive access was revoked or has expired. Connect again to resume copying.' });
    expect(status.copies.pending).toBeGreaterThanOrEqual(1);
    expect(await copyRow(id)).toMatchObject({ status: 'pending', attempts: 0 });
    // Nothing is claimed while the connection waits.
    expect(await job().drain()).toBe(0);
    await connectDrive(ctx, alice, stub);
    expect((await driveStatus(ctx, alice)).status).toBe('connected');
    await job().drain();
    await expectOneIdenticalFile(name, bytes, 'recordings');
  });
});

describe('the folder manager’s Upload and the Document Manager’s import', () => {
  const toFolder = (user: TestUser | null, key: string, file: { name: string; bytes: Buffer; type?: string }) => {
    const body = multipartBody({ file });
    return ctx.app.inject({ method: 'POST', url: `/api/drive/folders/${key}/files`, payload: body.payload, headers: { ...body.headers, ...(user ? user.headers : {}) } });
  };

  it('puts a chosen file into the folder, byte for byte (small: multipart; over 5 MB: resumable)', async () => {
    const small = Buffer.from('%PDF-1.4 a permit\n');
    const res = await toFolder(alice, 'tasks', { name: 'permit.pdf', bytes: small, type: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(201);
    const file = await expectOneIdenticalFile('permit.pdf', small, 'tasks');
    expect(res.json()).toEqual({ file: { id: file.id, name: 'permit.pdf', mimeType: 'application/pdf', folder: 'tasks', web_view_link: `https://drive.google.com/file/d/${file.id}/view?usp=drivesdk` } });
    const big = randomBytes(5 * 1024 * 1024 + 1000);
    expect((await toFolder(alice, 'clients', { name: 'site-video.bin', bytes: big })).statusCode).toBe(201);
    await expectOneIdenticalFile('site-video.bin', big, 'clients');
  });

  it('refuses without a session, without a connection, and an unknown folder', async () => {
    const bob = await createTestUser(ctx);
    expect((await toFolder(null, 'documents', { name: 'a.txt', bytes: Buffer.from('a') })).statusCode).toBe(401);
    const res = await toFolder(bob, 'documents', { name: 'a.txt', bytes: Buffer.from('a') });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: 'Not authenticated with Google Drive' } });
    expect((await toFolder(alice, 'elsewhere', { name: 'a.txt', bytes: Buffer.from('a') })).statusCode).toBe(400);
    expect(named('a.txt')).toEqual([]);
  });

  it('streams a Drive file’s content to its owner; an import of it becomes a document whose copy is that file (no second copy)', async () => {
    const bytes = Buffer.from('Contract between Acme and the client\n');
    const made = (await toFolder(alice, 'documents', { name: 'contract.txt', bytes, type: 'text/plain' })).json() as { file: { id: string } };
    const content = await ctx.app.inject({ method: 'GET', url: `/api/drive/files/${made.file.id}/content`, headers: alice.headers });
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(bytes)).toBe(true);
    expect(content.headers['content-disposition']).toContain('contract.txt');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/drive/files/nosuchfile/content', headers: alice.headers })).statusCode).toBe(404);
    const stranger = await createTestUser(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/drive/files/${made.file.id}/content`, headers: stranger.headers })).statusCode).toBe(409);

    // The Document Manager uploads what it imported with the Drive file's id.
    const body = multipartBody({ fields: { drive_file_id: made.file.id }, file: { name: 'contract.txt', bytes: content.rawPayload } });
    const doc = await ctx.app.inject({ method: 'POST', url: '/api/process-documents', payload: body.payload, headers: { ...body.headers, ...alice.headers } });
    expect(doc.statusCode).toBe(201);
    await job().drain();
    expect(named('contract.txt')).toHaveLength(1);
    const copy = DriveCopySchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/drive/items/document/${(doc.json() as { id: string }).id}`, headers: alice.headers })).json());
    expect(copy).toMatchObject({ status: 'done', drive_file_id: made.file.id });
  });
});

/** A WAV file of `seconds` of silence, 8 kHz mono 16-bit (what ffmpeg needs to see before the transcriber runs). */
function silentWav(seconds: number): Buffer {
  const data = Buffer.alloc(8000 * 2 * seconds);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(8000, 24);
  head.writeUInt32LE(16000, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36);
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

describe('a folder deleted in Drive', () => {
  it('is made again (once) and the copy lands in it; the other folders are found, not duplicated', async () => {
    const documentsFolder = [...stub.files.values()].find((f) => f.name === 'documents' && f.mimeType === 'application/vnd.google-apps.folder' && f.owner === stub.user.emailAddress)!;
    stub.files.delete(documentsFolder.id);
    const bytes = Buffer.from('after the folder was deleted');
    const { name } = await queueBlob(bytes, { kind: 'document' });
    await job().drain();
    const file = await expectOneIdenticalFile(name, bytes, 'documents');
    expect(file.parents[0]).not.toBe(documentsFolder.id);
    const folders = [...stub.files.values()].filter((f) => f.mimeType === 'application/vnd.google-apps.folder' && f.owner === stub.user.emailAddress);
    expect(folders.filter((f) => f.name === 'FIELDBOOK')).toHaveLength(1);
    expect(folders.filter((f) => f.name === 'documents')).toHaveLength(1);
  });
});

describe('transcripts', () => {
  it('a finished transcript goes to FIELDBOOK/transcripts as a text file named phone_<date>_<time>_<number>', async () => {
    const storageKey = `recordings/${alice.workspaceId}/${randomUUID()}`;
    await ctx.blobs.put(storageKey, Readable.from([silentWav(1)]));
    await ctx.db.insert(recordings).values({
      workspaceId: alice.workspaceId!,
      userId: alice.id,
      fileName: 'incoming_20261124_093000_5125550100_u1.wav',
      fileType: 'wav',
      mimeType: 'audio/wav',
      status: 'stored',
      storageKey,
      phoneNumber: '5125550100',
      recordedAt: new Date('2026-11-24T09:30:00Z'),
    });
    const transcriber = { engine: 'test', transcribe: async () => ({ segments: [{ start: 0, end: 1, text: 'The roof leaks over the porch' }, { start: 1, end: 2, text: 'Come Monday' }], confidence: null }) };
    await startJob(ctx.db, transcriptionJob({ db: ctx.db, blobs: ctx.blobs, transcriber })).drain();
    await job().drain();
    const [file] = named('phone_20261124_093000_5125550100.txt');
    expect(file).toBeDefined();
    expect(folderOf(file!)!.name).toBe('transcripts');
    expect(file!.content!.toString()).toBe('The roof leaks over the porch\nCome Monday');
  });
});

describe('Recordings’ Upload to Drive', () => {
  it('copies one of the caller’s recordings now, again after a failure; another user’s is not found; without a connection it says Drive is not enabled', async () => {
    const bytes = randomBytes(40_000);
    const storageKey = `recordings/${alice.workspaceId}/${randomUUID()}`;
    await ctx.blobs.put(storageKey, Readable.from([bytes]));
    const [rec] = await ctx.db
      .insert(recordings)
      .values({ workspaceId: alice.workspaceId!, userId: alice.id, fileName: 'outgoing_20261125_101500_5551234567_u1.m4a', fileType: 'm4a', mimeType: 'audio/mp4', fileSize: bytes.length, status: 'stored', storageKey, transcriptionStatus: 'done' })
      .returning();
    const copyNow = (user: TestUser) => ctx.app.inject({ method: 'POST', url: `/api/drive/recordings/${rec!.id}/copy`, headers: user.headers });
    stub.failNext({ status: 403, reason: 'storageQuotaExceeded', match: (r) => r.path.startsWith('/upload/') });
    expect((await copyNow(alice)).statusCode).toBe(202);
    await job().drain();
    expect((await copyRow(rec!.id)).status).toBe('failed');
    const again = await copyNow(alice);
    expect(again.statusCode).toBe(202);
    expect(DriveCopySchema.parse(again.json())).toMatchObject({ item_kind: 'recording', status: 'pending' });
    await job().drain();
    await expectOneIdenticalFile('outgoing_20261125_101500_5551234567_u1.m4a', bytes, 'recordings');
    expect((await copyRow(rec!.id)).status).toBe('done');

    const other = await createTestUser(ctx, { workspaceId: alice.workspaceId });
    expect((await copyNow(other)).statusCode).toBe(404);
    // The admin may open everyone's calls: theirs go to the admin's own Drive (drive.loose-ends.test.ts), once connected.
    const admin = await createTestUser(ctx, { role: 'admin' });
    expect((await copyNow(admin)).statusCode).toBe(409);
    const [own] = await ctx.db.insert(recordings).values({ workspaceId: other.workspaceId!, userId: other.id, fileName: 'x.m4a', fileType: 'm4a', mimeType: 'audio/mp4', status: 'stored', storageKey: 'recordings/x/y' }).returning();
    const res = await ctx.app.inject({ method: 'POST', url: `/api/drive/recordings/${own!.id}/copy`, headers: other.headers });
    expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: 'Google Drive is not enabled. Please enable it in settings.' } });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/drive/recordings/${own!.id}/copy` })).statusCode).toBe(401);
  });
});

describe('disconnect', () => {
  it('revokes and stops copying: waiting copies are dropped, new items are not queued', async () => {
    const { id } = await queueBlob(Buffer.from('never copied'));
    const res = await ctx.app.inject({ method: 'POST', url: '/api/drive/disconnect', headers: alice.headers });
    expect(res.statusCode).toBe(200);
    expect(await ctx.db.select().from(driveCopies).where(eq(driveCopies.itemId, id))).toEqual([]);
    const body = multipartBody({ file: { name: 'after-disconnect.txt', bytes: Buffer.from('x\n') } });
    await ctx.app.inject({ method: 'POST', url: '/api/process-documents', payload: body.payload, headers: { ...body.headers, ...alice.headers } });
    expect(await job().drain()).toBe(0);
    expect([...stub.files.values()].filter((f) => f.mimeType !== 'application/vnd.google-apps.folder')).toEqual([]);
  });
});
