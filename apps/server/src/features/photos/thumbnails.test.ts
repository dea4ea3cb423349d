import { PhotoSchema, type Photo } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos } from '../../db/schema';
import { CHILD_STOPPED, imageSize } from '../../platform/untrusted';
import { insertJob } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { jpegWithExif, pngBomb } from './photos.test-helpers';
import { startPhotoThumbnails, THUMBNAIL_LIMITS, THUMBNAIL_STOPPED } from './thumbnails';

let ctx: TestContext;
let user: TestUser;
let jobId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  user = await createTestUser(ctx);
  jobId = (await insertJob(ctx.db, { workspaceId: user.workspaceId! })).id;
}, 60_000);
afterAll(() => ctx.close());

async function uploaded(bytes: Buffer): Promise<Photo> {
  const body = multipartBody({ fields: { job_id: jobId }, file: { name: 'x.jpg', bytes } });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/photos', payload: body.payload, headers: { ...body.headers, ...user.headers } });
  expect(res.statusCode, res.body).toBe(201);
  return PhotoSchema.parse(res.json());
}
const row = async (id: string) => (await ctx.db.select().from(photos).where(eq(photos.id, id)))[0]!;

describe('thumbnails of each kind', () => {
  it('a WebP (sized from its VP8 header) gets a 400 px JPEG thumbnail', async () => {
    const { createCanvas } = await import('@napi-rs/canvas');
    const canvas = createCanvas(900, 300);
    canvas.getContext('2d').fillRect(0, 0, 900, 300);
    const photo = await uploaded(await canvas.encode('webp', 80));
    expect(photo).toMatchObject({ content_type: 'image/webp', width: 900, height: 300 });
    await startPhotoThumbnails({ db: ctx.db, blobs: ctx.blobs }).drain();
    expect(await row(photo.id)).toMatchObject({ status: 'ready', width: 900, height: 300 });
    const thumb = await ctx.app.inject({ method: 'GET', url: `/api/photos/${photo.id}/thumbnail`, headers: user.headers });
    expect(imageSize('jpg', thumb.rawPayload)).toEqual({ width: 400, height: 133 });
  }, 60_000);
});

describe('thumbnail limits: an image that breaks them fails at once with the reason, never retried', () => {
  it('a PNG bomb (30,000 × 30,000 in its header) is refused from the header: no child, no decode', async () => {
    const photo = await uploaded(pngBomb());
    expect(photo).toMatchObject({ width: 30_000, height: 30_000, status: 'processing' });
    await startPhotoThumbnails({ db: ctx.db, blobs: ctx.blobs }).drain();
    const after = await row(photo.id);
    expect(after).toMatchObject({ status: 'failed', attempts: 1, thumbnailKey: null, processingError: THUMBNAIL_STOPPED.pixels(30_000, 30_000, THUMBNAIL_LIMITS) });
    // Nothing left to claim: a second drain does no work.
    expect(await startPhotoThumbnails({ db: ctx.db, blobs: ctx.blobs }).drain()).toBe(0);
  });

  it('a child stopped at its memory limit fails the photo with that reason after one attempt', async () => {
    const photo = await uploaded(await jpegWithExif({ width: 1600, height: 1200 }));
    const limits = { memoryMb: 5 }; // less than any Node process needs: the child is killed
    await startPhotoThumbnails({ db: ctx.db, blobs: ctx.blobs, limits }).drain();
    const after = await row(photo.id);
    expect(after).toMatchObject({ status: 'failed', attempts: 1, thumbnailKey: null });
    expect(after.processingError).toBe(`No thumbnail: ${CHILD_STOPPED.memory({ memoryMb: 5 })}`);
  }, 60_000);

  it('a child stopped at its time limit fails the photo with that reason after one attempt', async () => {
    const photo = await uploaded(await jpegWithExif({ width: 320, height: 240 }));
    const limits = { timeoutMs: 1 }; // no child starts, let alone decodes, in a millisecond
    await startPhotoThumbnails({ db: ctx.db, blobs: ctx.blobs, limits }).drain();
    const after = await row(photo.id);
    expect(after).toMatchObject({ status: 'failed', attempts: 1, thumbnailKey: null, processingError: `No thumbnail: ${CHILD_STOPPED.time({ timeoutMs: 1 })}` });
  }, 60_000);

  it('a JPEG cut after its header does not decode: failed, with the decoder’s reason', async () => {
    const whole = await jpegWithExif({ width: 640, height: 480 });
    const photo = await uploaded(whole.subarray(0, 700));
    await startPhotoThumbnails({ db: ctx.db, blobs: ctx.blobs }).drain();
    const after = await row(photo.id);
    expect(after).toMatchObject({ status: 'failed', attempts: 1, thumbnailKey: null });
    expect(after.processingError).toMatch(/^No thumbnail: /);
  }, 60_000);
});
