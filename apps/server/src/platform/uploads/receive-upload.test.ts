import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import type { Actor } from '../auth-guard';
import { folderBlobStore } from '../blob-store';
import { AppError, fieldError } from '../errors';
import type { UploadSteps } from './lifecycle';
import { registerUploadEndpoint } from './receive-upload';

// The upload path on its own, over the documents table: what it keeps and removes at each step, whatever the feature.
let ctx: TestContext;
let user: TestUser;
let actor: Actor;
let root: string;
let app: FastifyInstance;
let steps: UploadSteps<'txt', { id: string }>;

const kinds = {
  headBytes: 16,
  recognise: (head: Buffer) => (head.toString('latin1').startsWith('TEXT') ? ('txt' as const) : null),
  types: { txt: 'text/plain' },
  unsupported: 'Only TEXT files',
};

beforeAll(async () => {
  ctx = await createTestApp();
  user = await createTestUser(ctx);
  actor = { userId: user.id, email: user.email, role: 'user', workspaceId: user.workspaceId, sessionId: user.sessionId, aal: 'aal1' };
  root = await mkdtemp(path.join(os.tmpdir(), 'fieldbook-receive-'));
  const blobs = folderBlobStore(root);
  app = Fastify();
  app.setErrorHandler((err, _req, reply) => {
    const known = err instanceof AppError ? err : null;
    return reply.status(known?.status ?? 500).send({ code: known?.code ?? 'INTERNAL', message: (err as Error).message });
  });
  for (const fieldsBeforeFile of [false, true]) {
    const url = fieldsBeforeFile ? '/fields-first' : '/any-order';
    // Each upload endpoint in a scope of its own, as a feature's plugin is (the multipart parser is per scope).
    await app.register(async (scope) => {
      const upload = await registerUploadEndpoint(scope, {
        db: ctx.db,
        blobs,
        path: url,
        maxBytes: 1024,
        fields: 4,
        fieldSize: 100,
        table: documents,
        keyPrefix: 'documents',
        kinds,
        fieldsBeforeFile,
        limit: async () => {},
        messages: { notMultipart: 'Send multipart', missingFile: 'Choose a file' },
      });
      scope.post(url, async (req) => (await upload.receive(req, actor, steps)).result);
    });
  }
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await ctx.close();
  await rm(root, { recursive: true, force: true });
});

const createRow: UploadSteps<'txt', { id: string }>['createRow'] = async ({ id, workspaceId, storageKey, file }) => {
  await ctx.db.insert(documents).values({ id, workspaceId, createdBy: actor.userId, name: file.fileName ?? 'f', fileType: file.kind, mimeType: file.contentType, status: 'uploading', storageType: 'server', storageKey });
};
const finishOk: UploadSteps<'txt', { id: string }>['finish'] = async (stored) => {
  await ctx.db.update(documents).set({ status: 'processing', fileSize: stored.size }).where(eq(documents.id, stored.id));
  return { id: stored.id };
};

/** Parts in the order given: ['field', name, value] or ['file', name, bytes]. */
function body(parts: (['field', string, string] | ['file', string, Buffer])[]) {
  const boundary = 'xYzBoundary';
  const chunks: Buffer[] = [];
  for (const [type, name, value] of parts) {
    const disposition = type === 'file' ? `form-data; name="file"; filename="${name}"` : `form-data; name="${name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`), Buffer.from(value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const post = (url: string, parts: Parameters<typeof body>[0]) => app.inject({ method: 'POST', url, ...body(parts) });
const rows = async () => (await ctx.db.select({ id: documents.id, status: documents.status }).from(documents).where(eq(documents.workspaceId, user.workspaceId!)));
const blobFiles = async () => (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile() && !e.parentPath.includes('.incoming')).length;

describe('receiveUpload', () => {
  it('stores a recognised file: the row leaves uploading at finish, its blob is kept', async () => {
    steps = { createRow, finish: finishOk };
    const res = await post('/any-order', [['file', 'a.txt', Buffer.from('TEXT hello')], ['field', 'note', 'after the file is fine here']]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rows()).toEqual([{ id: res.json().id, status: 'processing' }]);
    expect(await blobFiles()).toBe(1);
    await ctx.db.delete(documents).where(eq(documents.workspaceId, user.workspaceId!));
    await rm(root, { recursive: true, force: true });
  });

  it('a finish that throws (a field refused after the bytes were stored) removes the row and its blob', async () => {
    steps = { createRow, finish: async () => Promise.reject(fieldError('job_id', 'No such job')) };
    const res = await post('/any-order', [['file', 'a.txt', Buffer.from('TEXT hello')], ['field', 'job_id', 'nope']]);
    expect(res.statusCode).toBe(400);
    expect(await rows()).toEqual([]);
    expect(await blobFiles()).toBe(0);
  });

  it('refuses a file of no accepted kind with 415 before any row, and one over the limit with 413 keeping nothing', async () => {
    steps = { createRow, finish: finishOk };
    const refused = await post('/any-order', [['file', 'a.exe', Buffer.from('MZ program')]]);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe('Only TEXT files');
    const big = await post('/any-order', [['file', 'big.txt', Buffer.concat([Buffer.from('TEXT'), Buffer.alloc(5000, 'a')])]]);
    expect(big.statusCode).toBe(413);
    expect(await rows()).toEqual([]);
    expect(await blobFiles()).toBe(0);
  });

  it('with fieldsBeforeFile, a field after the stored file is refused and the upload removed', async () => {
    steps = { createRow, finish: finishOk };
    const res = await post('/fields-first', [['file', 'a.txt', Buffer.from('TEXT hello')], ['field', 'upload_key', 'late']]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Send the fields before the file');
    expect(await rows()).toEqual([]);
    expect(await blobFiles()).toBe(0);
  });

  it('beforeFile sees the fields sent before the file: it can refuse, or answer an earlier upload without reading the file', async () => {
    const seen: Record<string, string>[] = [];
    steps = {
      beforeFile: async (fields) => {
        seen.push(fields);
        if (fields.upload_key === 'stored') return { existing: { id: 'earlier' } };
        throw new AppError('CONFLICT', 'Busy');
      },
      createRow,
      finish: finishOk,
    };
    const repeat = await post('/fields-first', [['field', 'upload_key', 'stored'], ['file', 'a.txt', Buffer.from('TEXT hello')]]);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual({ id: 'earlier' });
    const busy = await post('/fields-first', [['field', 'upload_key', 'other'], ['file', 'a.txt', Buffer.from('TEXT hello')]]);
    expect(busy.statusCode).toBe(409);
    expect(seen).toEqual([{ upload_key: 'stored' }, { upload_key: 'other' }]);
    expect(await rows()).toEqual([]);
    expect(await blobFiles()).toBe(0);
  });
});
