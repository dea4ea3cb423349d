import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { DriveConnectSchema, DriveCopySchema, DriveFileListSchema, DriveStatusSchema, DriveUploadResultSchema } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authSessions, driveConnectResults, recordings, userSettings, workspaces } from '../../db/schema';
import { itemAdded } from '../../platform/item-events';
import { startJob } from '../../platform/jobs';
import { insertJob } from '../../test/factories';
import { startGoogleStub, type GoogleStub, type StubFile } from '../../test/google-stub';
import { multipartBody } from '../../test/multipart';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { transcriptionJob } from '../recordings';
import { driveDeps, sweepExpiredConnects } from './connection.service';
import { driveCopyJob } from './copy.job';
import { connectDrive, driveStatus } from './drive.test-helpers';

/** Issue 32 item 11: the Drive loose ends of the audit, each with the behaviour that was missing. */

let stub: GoogleStub;
let ctx: TestContext;
let alice: TestUser;

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
  for (const [id, f] of stub.files) if (f.mimeType !== FOLDER) stub.files.delete(id);
});

const FOLDER = 'application/vnd.google-apps.folder';
const drive = () => driveDeps({ db: ctx.db, config: ctx.config.drive!, publicUrl: ctx.config.publicUrl });
const job = () => startJob(ctx.db, driveCopyJob({ drive: drive(), blobs: ctx.blobs }));
const named = (name: string) => [...stub.files.values()].filter((f) => f.name === name);
const folderOf = (f: StubFile) => stub.files.get(f.parents[0]!);

async function uploadDocument(user: TestUser, name: string, fields: Record<string, string> = {}) {
  const body = multipartBody({ fields, file: { name, bytes: Buffer.from(`${name}\n`) } });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/process-documents', payload: body.payload, headers: { ...body.headers, ...user.headers } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

async function insertRecording(user: TestUser, opts: { fileName?: string; transcript?: string; recordedAt?: Date } = {}) {
  const bytes = randomBytes(2_000);
  const storageKey = `recordings/${user.workspaceId}/${randomUUID()}`;
  await ctx.blobs.put(storageKey, Readable.from([bytes]));
  const [rec] = await ctx.db
    .insert(recordings)
    .values({
      workspaceId: user.workspaceId!,
      userId: user.id,
      fileName: opts.fileName ?? `outgoing_20261125_101500_5551234567_${randomUUID().slice(0, 6)}.m4a`,
      fileType: 'm4a',
      mimeType: 'audio/mp4',
      fileSize: bytes.length,
      status: 'stored',
      storageKey,
      phoneNumber: '5125550100',
      recordedAt: opts.recordedAt ?? new Date('2026-11-24T09:30:00Z'),
      ...(opts.transcript ? { transcriptionStatus: 'done' as const, transcriptText: opts.transcript } : {}),
    })
    .returning();
  return rec!;
}

async function setRecorderDrive(user: TestUser, on: boolean) {
  const recorderSettings = JSON.stringify({ useGoogleDrive: on });
  await ctx.db.insert(userSettings).values({ userId: user.id, recorderSettings }).onConflictDoUpdate({ target: userSettings.userId, set: { recorderSettings } });
}

describe('the recorder’s “Upload to Google Drive” switch decides about calls only', () => {
  it('off: a call and its transcript are not copied, but documents still are', async () => {
    await setRecorderDrive(alice, false);
    try {
      await uploadDocument(alice, 'still-copied.txt');
      const rec = await insertRecording(alice, { fileName: 'call-not-copied.m4a' });
      await itemAdded(ctx.db, { kind: 'recording', id: rec.id, userId: alice.id, workspaceId: alice.workspaceId, name: rec.fileName, mimeType: rec.mimeType, blobKey: rec.storageKey, size: rec.fileSize });
      await job().drain();
      expect(named('still-copied.txt')).toHaveLength(1);
      expect(named('call-not-copied.m4a')).toEqual([]);
    } finally {
      await ctx.db.delete(userSettings).where(eq(userSettings.userId, alice.id));
    }
  });
});

describe('My Workspace’s Google Drive Integration toggle', () => {
  it('off (saved by the owner through My Workspace): nothing of the workspace is copied, Upload to Drive says so; on again, copies resume', async () => {
    const owner = await createTestUser(ctx);
    await connectDrive(ctx, owner, stub);
    const save = (enabled: boolean) => ctx.app.inject({ method: 'PUT', url: '/api/my-workspace', headers: owner.headers, payload: { name: 'Owner Co', drive_integration_enabled: enabled } });
    expect((await save(false)).statusCode).toBe(200);
    await uploadDocument(owner, 'workspace-off.txt');
    const rec = await insertRecording(owner);
    const copyNow = await ctx.app.inject({ method: 'POST', url: `/api/drive/recordings/${rec.id}/copy`, headers: owner.headers });
    expect(copyNow.json()).toEqual({ error: { code: 'CONFLICT', message: 'Google Drive integration is turned off for this workspace.' } });
    await job().drain();
    expect(named('workspace-off.txt')).toEqual([]);

    expect((await save(true)).statusCode).toBe(200);
    await uploadDocument(owner, 'workspace-on.txt');
    await job().drain();
    expect(named('workspace-on.txt')).toHaveLength(1);
  });
});

describe('Copy existing items', () => {
  it('queues what was added before connecting on the copy job and reports its progress; asking again copies nothing twice', async () => {
    const late = await createTestUser(ctx);
    await ctx.db.update(workspaces).set({ timeZone: 'America/Chicago' }).where(eq(workspaces.id, late.workspaceId!));
    const j = await insertJob(ctx.db, { workspaceId: late.workspaceId!, clientName: 'Lee Family' });
    await uploadDocument(late, 'before-connect.txt', { job_id: j.id });
    await insertRecording(late, { fileName: 'before-connect.m4a', transcript: 'The roof leaks' });
    await connectDrive(ctx, late, stub);
    expect((await job().drain())).toBe(0);

    const res = await ctx.app.inject({ method: 'POST', url: '/api/drive/copy-existing', headers: late.headers });
    expect(res.statusCode, res.body).toBe(202);
    expect(DriveStatusSchema.parse(res.json()).existing).toEqual({ total: 3, done: 0, failed: 0 });
    await job().drain();
    expect((await driveStatus(ctx, late)).existing).toEqual({ total: 3, done: 3, failed: 0 });
    expect(folderOf(named('before-connect.txt')[0]!)!.name).toBe('Lee_Family');
    expect(folderOf(named('before-connect.m4a')[0]!)!.name).toBe('recordings');
    // 09:30 UTC is 03:30 in Chicago (CST).
    expect(folderOf(named('phone_20261124_033000_5125550100.txt')[0]!)!.name).toBe('transcripts');

    const again = await ctx.app.inject({ method: 'POST', url: '/api/drive/copy-existing', headers: late.headers });
    expect(DriveStatusSchema.parse(again.json()).existing).toEqual({ total: 3, done: 3, failed: 0 });
    expect(await job().drain()).toBe(0);
    expect(named('before-connect.txt')).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/drive/copy-existing' })).statusCode).toBe(401);
    const never = await createTestUser(ctx);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/drive/copy-existing', headers: never.headers })).statusCode).toBe(409);
  });
});

describe('the folder manager', () => {
  it('the Clients card lists the files in the clients’ folders', async () => {
    const j = await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Ruiz' });
    await uploadDocument(alice, 'for-ruiz.txt', { job_id: j.id });
    await job().drain();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/drive/files?folder=clients', headers: alice.headers });
    expect(res.statusCode).toBe(200);
    expect(DriveFileListSchema.parse(res.json()).files.map((f) => [f.name, f.folder])).toEqual([['for-ruiz.txt', 'clients']]);
  });

  const upload = (name: string, key?: string) => {
    const body = multipartBody({ fields: key ? { upload_key: key } : {}, file: { name, bytes: Buffer.from(`${name}\n`) } });
    return ctx.app.inject({ method: 'POST', url: '/api/drive/folders/documents/files', payload: body.payload, headers: { ...body.headers, ...alice.headers } });
  };

  it('an upload sent again with its upload key (the first answer was lost) lands once', async () => {
    const key = `k-${randomUUID()}`;
    const first = await upload('sent-twice.txt', key);
    expect(first.statusCode, first.body).toBe(201);
    const second = await upload('sent-twice.txt', key);
    expect(second.statusCode, second.body).toBe(201);
    expect(named('sent-twice.txt')).toHaveLength(1);
    expect(DriveUploadResultSchema.parse(second.json()).file.id).toBe(DriveUploadResultSchema.parse(first.json()).file.id);
    // Another key is another upload.
    expect((await upload('sent-twice.txt', `k-${randomUUID()}`)).statusCode).toBe(201);
    expect(named('sent-twice.txt')).toHaveLength(2);
    expect((await upload('bad-key.txt', 'no spaces allowed')).statusCode).toBe(400);
  });

  it('a FIELDBOOK folder deleted in Drive is made again for the upload, not an error until a copy job runs', async () => {
    const documentsFolder = [...stub.files.values()].find((f) => f.name === 'documents' && f.mimeType === FOLDER && f.owner === stub.user.emailAddress)!;
    stub.files.delete(documentsFolder.id);
    const res = await upload('after-folder-deleted.txt');
    expect(res.statusCode, res.body).toBe(201);
    const [file] = named('after-folder-deleted.txt');
    expect(folderOf(file!)!.name).toBe('documents');
    expect(file!.parents[0]).not.toBe(documentsFolder.id);
    expect([...stub.files.values()].filter((f) => f.mimeType === FOLDER && f.name === 'FIELDBOOK' && f.owner === stub.user.emailAddress)).toHaveLength(1);
  });
});

describe('transcripts', () => {
  it('are named with the call’s date and time in the workspace’s time zone', async () => {
    const user = await createTestUser(ctx);
    await ctx.db.update(workspaces).set({ timeZone: 'Europe/Warsaw' }).where(eq(workspaces.id, user.workspaceId!));
    await connectDrive(ctx, user, stub);
    const rec = await insertRecording(user, { recordedAt: new Date('2026-11-24T23:30:00Z') });
    await ctx.db.update(recordings).set({ transcriptionStatus: 'pending' }).where(eq(recordings.id, rec.id));
    const transcriber = { engine: 'test', transcribe: async () => ({ segments: [{ start: 0, end: 1, text: 'Hello' }], confidence: null }) };
    // The stored bytes are not audio: a transcriber that does not read them, and tools that are not asked.
    await ctx.blobs.put(rec.storageKey, Readable.from([silentWav()]));
    await startJob(ctx.db, transcriptionJob({ db: ctx.db, blobs: ctx.blobs, transcriber })).drain();
    await job().drain();
    // 23:30 UTC on the 24th is 00:30 on the 25th in Warsaw (CET).
    expect(named('phone_20261125_003000_5125550100.txt')).toHaveLength(1);
  });
});

describe('Recordings’ Upload to Drive by the admin', () => {
  it('copies another user’s call (one the admin may open) to the admin’s own Drive', async () => {
    const admin = await createTestUser(ctx, { role: 'admin' });
    await connectDrive(ctx, admin, stub);
    const rec = await insertRecording(alice, { fileName: 'someone-elses-call.m4a' });
    const res = await ctx.app.inject({ method: 'POST', url: `/api/drive/recordings/${rec.id}/copy`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(202);
    expect(DriveCopySchema.parse(res.json())).toMatchObject({ item_kind: 'recording', status: 'pending' });
    await job().drain();
    expect(named('someone-elses-call.m4a')).toHaveLength(1);
    const mine = await ctx.app.inject({ method: 'GET', url: `/api/drive/items/recording/${rec.id}`, headers: admin.headers });
    expect(DriveCopySchema.parse(mine.json()).status).toBe('done');
    // A member who may not open the call still cannot.
    const other = await createTestUser(ctx, { workspaceId: alice.workspaceId });
    await connectDrive(ctx, other, stub);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/drive/recordings/${rec.id}/copy`, headers: other.headers })).statusCode).toBe(404);
  });
});

describe('the phone app’s connect when its session signs out before confirming', () => {
  it('gives the Google grant back at the connect sweep (not only after the 5 minutes)', async () => {
    const user = await createTestUser(ctx);
    const before = new Set(stub.grants.keys());
    const started = await ctx.app.inject({ method: 'POST', url: '/api/drive/connect', headers: user.headers, payload: { client: 'app' } });
    const callback = new URL(stub.approve(DriveConnectSchema.parse(started.json()).authorization_url));
    const back = await ctx.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(String(back.headers.location)).toMatch(/^fieldbook:\/\/drive-connected\?result=/);
    const grant = [...stub.grants.keys()].find((token) => !before.has(token))!;
    // Signing out deletes the session (as POST /auth/v1/logout does).
    await ctx.db.delete(authSessions).where(eq(authSessions.id, user.sessionId));
    expect(await ctx.db.select().from(driveConnectResults).where(eq(driveConnectResults.userId, user.id))).toHaveLength(1);
    await sweepExpiredConnects(drive());
    expect(stub.grants.get(grant)!.revoked).toBe(true);
    expect(await ctx.db.select().from(driveConnectResults).where(eq(driveConnectResults.userId, user.id))).toEqual([]);
  });
});

/** A short silent WAV (8 kHz mono 16-bit). */
function silentWav(seconds = 1): Buffer {
  const data = Buffer.alloc(8000 * 2 * seconds);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVE', 8);
  head.write('fmt ', 12);
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
