import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, recordings } from './db/schema';
import { folderBlobStore } from './platform/blob-store';
import { insertDocument } from './test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from './test/setup-app';
import { sweepPartialUploads } from './upload-sweep';

let ctx: TestContext;
let user: TestUser;
let root: string;
let folder: ReturnType<typeof folderBlobStore>;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'fieldbook-sweep-'));
  folder = folderBlobStore(root);
  ctx = await createTestApp({}, { blobs: folder });
  user = await createTestUser(ctx);
});
afterAll(async () => {
  await ctx.close();
  await rm(root, { recursive: true, force: true });
});

const ago = (ms: number) => new Date(Date.now() - ms);
const MINUTE = 60_000;

/** An upload cut off `ageMs` ago: its row still 'uploading', its blob, and a partial file in the incoming folder. */
async function cutOffUploads(ageMs: number) {
  const at = ago(ageMs);
  const docKey = `documents/${user.workspaceId}/${crypto.randomUUID()}`;
  await folder.put(docKey, Readable.from([Buffer.from('partial pdf')]));
  const doc = await insertDocument(ctx.db, { workspaceId: user.workspaceId!, status: 'uploading', storageKey: docKey, createdAt: at });
  const recKey = `recordings/${user.workspaceId}/${crypto.randomUUID()}`;
  await folder.put(recKey, Readable.from([Buffer.from('partial audio')]));
  const [rec] = await ctx.db
    .insert(recordings)
    .values({ workspaceId: user.workspaceId!, userId: user.id, fileName: 'call.m4a', fileType: 'm4a', mimeType: 'audio/mp4', status: 'uploading', storageKey: recKey, createdAt: at })
    .returning();
  await mkdir(path.join(root, '.incoming'), { recursive: true });
  const partial = path.join(root, '.incoming', crypto.randomUUID());
  await writeFile(partial, 'half a file');
  await utimes(partial, at, at);
  return { docId: doc.id, docKey, recId: rec!.id, recKey, partial: path.basename(partial) };
}

const documentsLeft = async (ids: string[]) => (await ctx.db.select({ id: documents.id }).from(documents).where(inArray(documents.id, ids))).length;
const recordingsLeft = async (ids: string[]) => (await ctx.db.select({ id: recordings.id }).from(recordings).where(inArray(recordings.id, ids))).length;
const incoming = () => readdir(path.join(root, '.incoming'));

describe('partial uploads at start', () => {
  it('with the embedded database (no other process): everything from before the start goes at once, uploads since then stay', async () => {
    const crashed = await cutOffUploads(5 * MINUTE);
    const startedAt = ago(2000);
    const live = await cutOffUploads(0); // began after this process started: in progress
    const swept = await sweepPartialUploads({ db: ctx.db, blobs: folder, folder, exclusive: true, startedAt });
    expect(swept).toMatchObject({ documents: 1, recordings: 1, files: 1 });
    expect(await documentsLeft([crashed.docId])).toBe(0);
    expect(await recordingsLeft([crashed.recId])).toBe(0);
    expect(await folder.size(crashed.docKey)).toBeNull();
    expect(await folder.size(crashed.recKey)).toBeNull();
    expect(await incoming()).not.toContain(crashed.partial);

    expect(await documentsLeft([live.docId])).toBe(1);
    expect(await recordingsLeft([live.recId])).toBe(1);
    expect(await incoming()).toContain(live.partial);
  });

  it('on a shared database: only what is an hour old goes (another process may be uploading the rest)', async () => {
    const recent = await cutOffUploads(5 * MINUTE);
    const old = await cutOffUploads(61 * MINUTE);
    await sweepPartialUploads({ db: ctx.db, blobs: folder, folder, exclusive: false, startedAt: ago(1000) });
    expect(await documentsLeft([old.docId])).toBe(0);
    expect(await recordingsLeft([old.recId])).toBe(0);
    expect(await incoming()).not.toContain(old.partial);
    expect(await documentsLeft([recent.docId])).toBe(1);
    expect(await recordingsLeft([recent.recId])).toBe(1);
    expect(await incoming()).toContain(recent.partial);
  });
});
