import {
  PHOTO_DELETE_FORBIDDEN,
  PHOTO_HEIC_REFUSED,
  PHOTO_MAX_BYTES,
  PHOTO_NOT_FOUND,
  PHOTO_UNSUPPORTED,
  PhotoListSchema,
  PhotoSchema,
  TUS_CONTENT_TYPE,
  UPLOAD_RESULT_HEADER,
  type Photo,
} from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos } from '../../db/schema';
import { imageSize } from '../../platform/untrusted';
import { insertJob } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { jpegWithExif, plainPng } from './photos.test-helpers';
import { startPhotoThumbnails } from './thumbnails';

let ctx: TestContext;
let owner: TestUser; // owns the workspace: its admin
let member: TestUser; // same workspace, plain member
let stranger: TestUser; // another workspace
let jobId: string;
let otherJobId: string;
let strangerJobId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createTestUser(ctx, { email: 'owner-photos@example.com' });
  member = await createTestUser(ctx, { workspaceId: owner.workspaceId, email: 'member-photos@example.com' });
  stranger = await createTestUser(ctx, { email: 'stranger-photos@example.com' });
  jobId = (await insertJob(ctx.db, { workspaceId: owner.workspaceId!, title: 'Roof at 12 Oak' })).id;
  otherJobId = (await insertJob(ctx.db, { workspaceId: owner.workspaceId!, title: 'Gutter at 4 Elm' })).id;
  strangerJobId = (await insertJob(ctx.db, { workspaceId: stranger.workspaceId! })).id;
}, 60_000);
afterAll(() => ctx.close());

const upload = (user: TestUser, bytes: Buffer, fields: Record<string, string>, name = 'photo.jpg') => {
  const body = multipartBody({ fields, file: { name, bytes } });
  return ctx.app.inject({ method: 'POST', url: '/api/photos', payload: body.payload, headers: { ...body.headers, ...user.headers } });
};
const uploaded = async (user: TestUser, bytes: Buffer, fields: Record<string, string>): Promise<Photo> => {
  const res = await upload(user, bytes, fields);
  expect(res.statusCode, res.body).toBe(201);
  return PhotoSchema.parse(res.json());
};
const get = (user: TestUser, url: string) => ctx.app.inject({ method: 'GET', url, headers: user.headers });
const countRows = async () => (await ctx.db.select({ id: photos.id }).from(photos)).length;

describe('upload and EXIF', () => {
  it('reads the time taken with its offset and the GPS place from a JPEG written with piexifjs', async () => {
    const bytes = await jpegWithExif({ width: 800, height: 600, taken: '2026:03:14 09:26:53', offset: '-05:00', lat: 41.8781, lng: -87.6298 });
    const photo = await uploaded(member, bytes, { job_id: jobId, stage: 'before', caption: 'North slope, missing shingles', tags: 'Roof, hail ,roof' });
    expect(photo).toMatchObject({
      job_id: jobId,
      author: { id: member.id, name: 'member-photos' },
      content_type: 'image/jpeg',
      byte_size: bytes.length,
      width: 800,
      height: 600,
      taken_at: '2026-03-14T14:26:53.000Z',
      taken_at_source: 'exif',
      stage: 'before',
      caption: 'North slope, missing shingles',
      tags: ['roof', 'hail'],
      status: 'processing',
      has_thumbnail: false,
      markup: null,
    });
    expect(photo.latitude).toBeCloseTo(41.8781, 4);
    expect(photo.longitude).toBeCloseTo(-87.6298, 4);
    // The original is kept byte for byte, served with its type and a private cache policy.
    const original = await get(member, `/api/photos/${photo.id}/original`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers['cache-control']).toMatch(/^private/);
    expect(original.rawPayload.equals(bytes)).toBe(true);
    // No thumbnail until the job made it.
    expect((await get(member, `/api/photos/${photo.id}/thumbnail`)).statusCode).toBe(404);
  });

  it('an EXIF time without an offset is read in the upload’s time_zone; none at all is the upload time', async () => {
    const local = await uploaded(owner, await jpegWithExif({ taken: '2026:07:04 18:00:00' }), { job_id: jobId, time_zone: 'America/Chicago' });
    expect(local).toMatchObject({ taken_at: '2026-07-04T23:00:00.000Z', taken_at_source: 'exif_local', latitude: null, longitude: null });
    const before = Date.now();
    const plain = await uploaded(owner, await plainPng(120, 90), { job_id: jobId });
    expect(plain).toMatchObject({ taken_at_source: 'upload', content_type: 'image/png', width: 120, height: 90 });
    expect(new Date(plain.taken_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(plain.taken_at).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('a retried upload with the same upload_key makes one photo and answers it again', async () => {
    const bytes = await jpegWithExif({ taken: '2026:03:15 10:00:00', offset: '+00:00' });
    const fields = { job_id: jobId, upload_key: 'offline-photo-0001', caption: 'retry me' };
    const first = await uploaded(member, bytes, fields);
    const rowsBefore = await countRows();
    const again = await upload(member, bytes, fields);
    expect(again.statusCode).toBe(201);
    expect(PhotoSchema.parse(again.json()).id).toBe(first.id);
    expect(await countRows()).toBe(rowsBefore);
    expect(await ctx.db.select().from(photos).where(eq(photos.uploadKey, 'offline-photo-0001'))).toHaveLength(1);
  });

  it('a caption of the longest length in any script is taken whole; one character more is a 400', async () => {
    const caption = 'é'.repeat(1000) + '屋'.repeat(1000);
    const photo = await uploaded(member, await jpegWithExif(), { job_id: jobId, caption });
    expect(photo.caption).toBe(caption);
    const longer = await upload(member, await jpegWithExif(), { job_id: jobId, caption: `${caption}x` });
    expect(longer.statusCode).toBe(400);
    expect(longer.json().error.message).toBe('The caption is at most 2000 characters');
  });

  it('refuses by content: HEIC with its own message, a program named .jpg, bad fields — nothing kept', async () => {
    const rowsBefore = await countRows();
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic'), Buffer.alloc(2000)]);
    const heicRes = await upload(member, heic, { job_id: jobId }, 'IMG_0001.HEIC');
    expect(heicRes.statusCode).toBe(415);
    expect(heicRes.json().error.message).toBe(PHOTO_HEIC_REFUSED);
    const exe = await upload(member, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(5000, 1)]), { job_id: jobId }, 'roof.jpg');
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error.message).toBe(PHOTO_UNSUPPORTED);
    const jpeg = await jpegWithExif();
    const noJob = await upload(member, jpeg, {});
    expect(noJob.statusCode).toBe(400);
    expect(noJob.json().error.message).toBe('job_id must be a job id');
    const badStage = await upload(member, jpeg, { job_id: jobId, stage: 'later' });
    expect(badStage.statusCode).toBe(400);
    expect(badStage.json().error.message).toMatch(/^stage must be one of before, during, after, issue, receipt/);
    expect(await countRows()).toBe(rowsBefore);
  });
});

describe('resumable upload (tus) and the size limit', () => {
  const metadata = (fields: Record<string, string>) =>
    Object.entries(fields)
      .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
      .join(',');
  const tusCreate = (user: TestUser, length: number, fields: Record<string, string>, body?: Buffer) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/uploads/photos',
      headers: { ...user.headers, 'tus-resumable': '1.0.0', 'upload-length': String(length), 'upload-metadata': metadata(fields), ...(body ? { 'content-type': TUS_CONTENT_TYPE } : {}) },
      ...(body ? { payload: body } : {}),
    });

  it('a photo sent resumably ends in the same steps: EXIF read, one photo per upload_key with the multipart path too', async () => {
    const bytes = await jpegWithExif({ taken: '2026:05:01 12:00:00', offset: '+02:00', lat: -33.8688, lng: 151.2093 });
    const res = await tusCreate(member, bytes.length, { filename: 'roof.jpg', job_id: jobId, upload_key: 'tus-photo-0001', stage: 'after' }, bytes);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.headers[UPLOAD_RESULT_HEADER.toLowerCase()] as string;
    const photo = PhotoSchema.parse((await get(member, `/api/photos/${id}`)).json());
    expect(photo).toMatchObject({ taken_at: '2026-05-01T10:00:00.000Z', taken_at_source: 'exif', stage: 'after', byte_size: bytes.length });
    expect(photo.latitude).toBeCloseTo(-33.8688, 4);
    expect(photo.longitude).toBeCloseTo(151.2093, 4);
    const again = await upload(member, bytes, { job_id: jobId, upload_key: 'tus-photo-0001' });
    expect(PhotoSchema.parse(again.json()).id).toBe(id);
    expect(await ctx.db.select().from(photos).where(eq(photos.uploadKey, 'tus-photo-0001'))).toHaveLength(1);
  });

  it('a resumable photo declared over the size limit is 413 at its creation', async () => {
    const res = await tusCreate(member, PHOTO_MAX_BYTES + 1, { filename: 'huge.jpg', job_id: jobId });
    expect(res.statusCode).toBe(413);
  });
});

describe('thumbnails', () => {
  it('the job makes an upright JPEG of 400 px on the long edge; the photo is ready', async () => {
    // Orientation 6: stored 800 × 600, displayed 600 × 800 (turned a quarter clockwise).
    const photo = await uploaded(member, await jpegWithExif({ width: 800, height: 600, orientation: 6 }), { job_id: otherJobId });
    expect(photo).toMatchObject({ width: 600, height: 800 });
    await startPhotoThumbnails({ db: ctx.db, blobs: ctx.blobs }).drain();
    const ready = PhotoSchema.parse((await get(member, `/api/photos/${photo.id}`)).json());
    expect(ready).toMatchObject({ status: 'ready', has_thumbnail: true, processing_error: null, width: 600, height: 800 });
    const thumb = await get(member, `/api/photos/${photo.id}/thumbnail`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.headers['cache-control']).toMatch(/^private/);
    expect(imageSize('jpg', thumb.rawPayload)).toEqual({ width: 300, height: 400 });
    // Turned clockwise: the red left half is now the top.
    const { loadImage, createCanvas } = await import('@napi-rs/canvas');
    const img = await loadImage(thumb.rawPayload);
    const c = createCanvas(img.width, img.height);
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    const [topR, , topB] = g.getImageData(150, 50, 1, 1).data;
    const [bottomR, , bottomB] = g.getImageData(150, 350, 1, 1).data;
    expect(topR).toBeGreaterThan(200);
    expect(topB).toBeLessThan(60);
    expect(bottomB).toBeGreaterThan(200);
    expect(bottomR).toBeLessThan(60);
  }, 60_000);

  it('signed image URLs open the thumbnail and the original without a session, cacheable until they expire; forged, swapped or deleted: 404', async () => {
    const bytes = await jpegWithExif({ width: 500, height: 500 });
    const photo = await uploaded(member, bytes, { job_id: otherJobId });
    expect(photo.thumbnail_url).toBeNull();
    await startPhotoThumbnails({ db: ctx.db, blobs: ctx.blobs }).drain();
    const ready = PhotoSchema.parse((await get(member, `/api/photos/${photo.id}`)).json());
    // The same URL for a whole window: a grid fetched again reuses the browser's cached images.
    const again = PhotoSchema.parse((await get(member, `/api/photos/${photo.id}`)).json());
    expect(again.thumbnail_url).toBe(ready.thumbnail_url);
    const open = (url: string) => ctx.app.inject({ method: 'GET', url });
    const thumb = await open(ready.thumbnail_url!);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(thumb.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(12 * 3600 - 5);
    expect(maxAge).toBeLessThanOrEqual(24 * 3600);
    expect(imageSize('jpg', thumb.rawPayload)).toEqual({ width: 400, height: 400 });
    const original = await open(ready.original_url);
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(bytes)).toBe(true);
    // A thumbnail's token does not open the original (a key per variant), and a changed character is refused.
    const token = ready.thumbnail_url!.split('/').pop()!;
    expect((await open(`/api/photo-images/original/${token}`)).statusCode).toBe(404);
    expect((await open(ready.thumbnail_url!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/photos/${photo.id}`, headers: member.headers })).statusCode).toBe(200);
    expect((await open(ready.original_url)).statusCode).toBe(404);
    expect((await open(ready.thumbnail_url!)).statusCode).toBe(404);
  }, 60_000);
});

describe('reading, changing and deleting: the workspace’s own', () => {
  let photo: Photo;
  beforeAll(async () => {
    photo = await uploaded(member, await jpegWithExif(), { job_id: jobId, caption: 'to change' });
  });

  it('another workspace gets 404 for the photo, its files, its changes and the job’s list; an upload to its job is 404 and kept nowhere', async () => {
    for (const url of [`/api/photos/${photo.id}`, `/api/photos/${photo.id}/original`, `/api/photos/${photo.id}/thumbnail`, `/api/jobs/${jobId}/photos`]) {
      const res = await get(stranger, url);
      expect(res.statusCode, url).toBe(404);
    }
    const patch = await ctx.app.inject({ method: 'PATCH', url: `/api/photos/${photo.id}`, headers: stranger.headers, payload: { caption: 'mine now' } });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().error.message).toBe(PHOTO_NOT_FOUND);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/photos/${photo.id}`, headers: stranger.headers })).statusCode).toBe(404);
    const timeline = PhotoListSchema.parse((await get(stranger, '/api/photos')).json());
    expect(timeline.photos.map((p) => p.id)).not.toContain(photo.id);
    const rowsBefore = await countRows();
    expect((await upload(stranger, await jpegWithExif(), { job_id: jobId })).statusCode).toBe(404);
    expect((await upload(owner, await jpegWithExif(), { job_id: strangerJobId })).statusCode).toBe(404);
    expect(await countRows()).toBe(rowsBefore);
    expect(PhotoSchema.parse((await get(owner, `/api/photos/${photo.id}`)).json()).caption).toBe('to change');
  });

  it('any member changes caption, stage and tags; a bad value is a 400 that changes nothing', async () => {
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/photos/${photo.id}`, headers: owner.headers, payload: { caption: ' Hail damage ', stage: 'issue', tags: ['Hail', 'claim'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(PhotoSchema.parse(res.json())).toMatchObject({ caption: 'Hail damage', stage: 'issue', tags: ['hail', 'claim'] });
    const bad = await ctx.app.inject({ method: 'PATCH', url: `/api/photos/${photo.id}`, headers: owner.headers, payload: { caption: 'x', stage: 'soon' } });
    expect(bad.statusCode).toBe(400);
    expect(PhotoSchema.parse((await get(owner, `/api/photos/${photo.id}`)).json())).toMatchObject({ caption: 'Hail damage', stage: 'issue' });
  });

  it('a plain member cannot delete another’s photo; the author and the workspace admin can, files and all', async () => {
    const owners = await uploaded(owner, await jpegWithExif(), { job_id: jobId });
    const refused = await ctx.app.inject({ method: 'DELETE', url: `/api/photos/${owners.id}`, headers: member.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(PHOTO_DELETE_FORBIDDEN);
    expect((await get(member, `/api/photos/${owners.id}`)).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(photos).where(eq(photos.id, photo.id));
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/photos/${owners.id}`, headers: owner.headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/photos/${photo.id}`, headers: owner.headers })).statusCode).toBe(200);
    expect((await get(member, `/api/photos/${photo.id}`)).statusCode).toBe(404);
    expect(await ctx.blobs.size(row!.storageKey)).toBeNull();
  });
});

describe('lists', () => {
  let listJobId: string;
  const ids: string[] = [];
  beforeAll(async () => {
    listJobId = (await insertJob(ctx.db, { workspaceId: owner.workspaceId!, title: 'Paging' })).id;
    // 7 photos, three of them taken in the same second: the keyset's id breaks the tie.
    const times = ['2026:01:01 08:00:00', '2026:01:02 08:00:00', '2026:01:02 08:00:00', '2026:01:02 08:00:00', '2026:01:03 08:00:00', '2026:01:04 08:00:00', '2026:01:05 08:00:00'];
    for (const [i, taken] of times.entries()) {
      const user = i % 2 === 0 ? owner : member;
      const p = await uploaded(user, await jpegWithExif({ width: 64, height: 48, taken, offset: '+00:00' }), { job_id: listJobId, stage: i < 3 ? 'before' : 'after' });
      ids.push(p.id);
    }
  }, 60_000);

  it('pages a job’s photos by keyset, newest taken first, each once', async () => {
    const seen: Photo[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(member, `/api/jobs/${listJobId}/photos?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = PhotoListSchema.parse(res.json());
      seen.push(...page.photos);
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.map((p) => p.id).sort()).toEqual([...ids].sort());
    const keys = seen.map((p) => `${p.taken_at}|${p.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect((await get(member, `/api/jobs/${listJobId}/photos?cursor=not-a-cursor`)).statusCode).toBe(400);
  });

  it('filters by stage, taken_at range and author; the timeline spans the workspace’s jobs', async () => {
    const list = async (q: string) => PhotoListSchema.parse((await get(member, `/api/jobs/${listJobId}/photos?${q}`)).json()).photos;
    expect((await list('stage=before')).map((p) => p.id).sort()).toEqual(ids.slice(0, 3).sort());
    expect((await list(`from=${encodeURIComponent('2026-01-02T00:00:00Z')}&to=${encodeURIComponent('2026-01-04T00:00:00Z')}`)).map((p) => p.id).sort()).toEqual(ids.slice(1, 5).sort());
    expect((await list(`author_id=${member.id}`)).every((p) => p.author.id === member.id)).toBe(true);
    expect(await list(`author_id=${member.id}`)).toHaveLength(3);
    const timeline = PhotoListSchema.parse((await get(owner, '/api/photos?limit=200')).json()).photos;
    expect(new Set(timeline.map((p) => p.job_id))).toEqual(new Set([jobId, otherJobId, listJobId]));
    const oneJob = PhotoListSchema.parse((await get(owner, `/api/photos?job_id=${listJobId}`)).json()).photos;
    expect(oneJob).toHaveLength(7);
  });
});
