import { GALLERY_LINK_EXPIRED, GALLERY_LINK_INVALID, GALLERY_REVOKED, PHOTO_GALLERY_LARGE_EDGE, PhotoGalleryListSchema, PhotoGallerySchema, PhotoSchema, PublicGallerySchema, type Photo, type PhotoGallery } from '@fieldbook/contract';
import exifr from 'exifr';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoGalleries, photoMarkups } from '../../db/schema';
import { imageSize } from '../../platform/untrusted';
import { insertJob } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { startPhotoMarkupRenders } from './markup-job';
import { jpegWithExif } from './photos.test-helpers';
import { startPhotoThumbnails } from './thumbnails';

let ctx: TestContext;
let owner: TestUser;
let stranger: TestUser;
let jobId: string;
let otherJobId: string;
let strangerJobId: string;
const shots: Photo[] = [];
let otherJobPhoto: Photo;
let clock = new Date();

const upload = async (user: TestUser, bytes: Buffer, fields: Record<string, string>): Promise<Photo> => {
  const body = multipartBody({ fields, file: { name: 'photo.jpg', bytes } });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/photos', payload: body.payload, headers: { ...body.headers, ...user.headers } });
  expect(res.statusCode, res.body).toBe(201);
  return PhotoSchema.parse(res.json());
};
const post = (user: TestUser | null, url: string, payload?: unknown) => ctx.app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }), headers: user?.headers ?? {} });
const get = (user: TestUser | null, url: string) => ctx.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const share = async (body: unknown): Promise<PhotoGallery> => {
  const res = await post(owner, `/api/jobs/${jobId}/photo-galleries`, body);
  expect(res.statusCode, res.body).toBe(201);
  return PhotoGallerySchema.parse(res.json());
};
const tokenOf = (g: PhotoGallery) => g.link!.slice(g.link!.lastIndexOf('/') + 1);

beforeAll(async () => {
  ctx = await createTestApp({}, { now: () => clock });
  owner = await createTestUser(ctx, { email: 'owner-gallery@example.com', workspaceName: 'Oak Roofing' });
  stranger = await createTestUser(ctx, { email: 'stranger-gallery@example.com' });
  jobId = (await insertJob(ctx.db, { workspaceId: owner.workspaceId!, title: 'Hail roof', propertyAddress: '12 Oak Street' })).id;
  otherJobId = (await insertJob(ctx.db, { workspaceId: owner.workspaceId!, title: 'Gutter at 4 Elm' })).id;
  strangerJobId = (await insertJob(ctx.db, { workspaceId: stranger.workspaceId! })).id;
  shots.push(await upload(owner, await jpegWithExif({ width: 2400, height: 1800, taken: '2026:03:14 09:26:53', offset: '-05:00', lat: 41.8781, lng: -87.6298 }), { job_id: jobId, stage: 'before', caption: 'North slope' }));
  shots.push(await upload(owner, await jpegWithExif({ taken: '2026:03:14 09:40:00', offset: '-05:00', lat: 41.8781, lng: -87.6298 }), { job_id: jobId, stage: 'before', caption: 'Gutter' }));
  shots.push(await upload(owner, await jpegWithExif({ taken: '2026:03:20 15:05:00', offset: '-05:00' }), { job_id: jobId, stage: 'after', caption: 'Ridge cap' }));
  otherJobPhoto = await upload(owner, await jpegWithExif({ lat: 41.8781, lng: -87.6298 }), { job_id: otherJobId, stage: 'before' });
  await startPhotoThumbnails({ db: ctx.db, blobs: ctx.blobs }).drain();
}, 300_000);
afterAll(() => ctx.close());

describe('shared gallery', () => {
  it('shares chosen photos by a signed link; the page shows them without author or place, and counts a view only on its POST', async () => {
    const gallery = await share({ photo_ids: [shots[0]!.id, shots[2]!.id], expires_in_days: 7, label: 'Adjuster' });
    expect(gallery).toMatchObject({ job_id: jobId, label: 'Adjuster', state: 'live', revoked_at: null, viewed_at: null, created_by: { id: owner.id } });
    expect(gallery.link).toMatch(/^http:\/\/localhost:3000\/g\/[0-9a-f-]{36}\.\d+\.[\w-]{43}$/);
    expect(new Date(gallery.expires_at).getTime() - clock.getTime()).toBeGreaterThan(7 * 86_400_000 - 1000);

    const page = await get(null, `/api/public/galleries/${tokenOf(gallery)}`);
    expect(page.statusCode, page.body).toBe(200);
    const shown = PublicGallerySchema.parse(page.json());
    expect(shown).toMatchObject({ company: 'Oak Roofing', job: { title: 'Hail roof', property_address: '12 Oak Street' } });
    expect(shown.photos.map((p) => p.caption)).toEqual(['North slope', 'Ridge cap']);
    expect(page.body).not.toContain('latitude');
    expect(page.body).not.toContain('41.87');
    // The GET marked nothing; the page's POST does, once.
    expect((await ctx.db.select().from(photoGalleries).where(eq(photoGalleries.id, gallery.id)))[0]?.viewedAt).toBeNull();
    const viewed = await post(null, `/api/public/galleries/${tokenOf(gallery)}/viewed`);
    expect(viewed.statusCode).toBe(200);
    const again = await post(null, `/api/public/galleries/${tokenOf(gallery)}/viewed`);
    expect(again.json().viewed_at).toBe(viewed.json().viewed_at);
    const list = PhotoGalleryListSchema.parse((await get(owner, `/api/jobs/${jobId}/photo-galleries`)).json());
    expect(list.galleries[0]).toMatchObject({ id: gallery.id, viewed_at: viewed.json().viewed_at, link: gallery.link });
  }, 30_000);

  it('serves re-encoded copies without GPS — never the original bytes — and nothing outside the gallery', async () => {
    const gallery = await share({ photo_ids: [shots[0]!.id, shots[1]!.id] });
    const shown = PublicGallerySchema.parse((await get(null, `/api/public/galleries/${tokenOf(gallery)}`)).json());
    const original = await get(owner, `/api/photos/${shots[0]!.id}/original`);
    expect((await exifr.gps(original.rawPayload))?.latitude).toBeCloseTo(41.8781, 3);
    for (const p of shown.photos) {
      for (const url of [p.thumbnail_url!, p.large_url]) {
        const res = await get(null, url);
        expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
        expect(res.headers['cache-control']).toBe('private, max-age=600');
        const bytes = res.rawPayload;
        expect(await exifr.gps(bytes)).toBeUndefined();
        expect(await exifr.parse(bytes, { gps: true, tiff: true, exif: true })).toBeUndefined();
        expect(bytes.equals(original.rawPayload)).toBe(false);
      }
    }
    // The large copy: the 2400 × 1800 photo scaled to the large edge.
    const large = await get(null, shown.photos.find((p) => p.id === shots[0]!.id)!.large_url);
    expect(imageSize('jpg', large.rawPayload)).toEqual({ width: PHOTO_GALLERY_LARGE_EDGE, height: 1200 });

    // A photo of the job that was not shared, and another job's photo, are 404 through this link.
    const token = tokenOf(gallery);
    expect((await get(null, `/api/public/gallery-images/${token}/${shots[2]!.id}/thumbnail`)).statusCode).toBe(404);
    expect((await get(null, `/api/public/gallery-images/${token}/${otherJobPhoto.id}/large`)).statusCode).toBe(404);
    // A forged token: 404, for the page and the images.
    const forged = `${token.slice(0, -3)}AAA`;
    expect((await get(null, `/api/public/galleries/${forged}`)).json().error.message).toBe(GALLERY_LINK_INVALID);
    expect((await get(null, `/api/public/gallery-images/${forged}/${shots[0]!.id}/thumbnail`)).statusCode).toBe(404);
  }, 60_000);

  it('a marked-up photo is shared as its markup rendering (also without GPS)', async () => {
    const photo = await upload(owner, await jpegWithExif({ lat: 41.8781, lng: -87.6298 }), { job_id: jobId, stage: 'issue', caption: 'Crack' });
    await startPhotoThumbnails({ db: ctx.db, blobs: ctx.blobs }).drain();
    const put = await ctx.app.inject({ method: 'PUT', url: `/api/photos/${photo.id}/markup`, headers: owner.headers, payload: { version: 0, shapes: [{ type: 'arrow', from: [0.1, 0.1], to: [0.5, 0.5], color: 'red', width: 'thick' }] } });
    expect(put.statusCode, put.body).toBe(200);
    await startPhotoMarkupRenders({ db: ctx.db, blobs: ctx.blobs }).drain();
    const [markup] = await ctx.db.select().from(photoMarkups).where(eq(photoMarkups.photoId, photo.id));
    const gallery = await share({ photo_ids: [photo.id] });
    for (const [variant, key] of [['thumbnail', markup!.thumbnailKey!], ['large', markup!.blobKey!]] as const) {
      const res = await get(null, `/api/public/gallery-images/${tokenOf(gallery)}/${photo.id}/${variant}`);
      expect(res.statusCode).toBe(200);
      const stored = await ctx.blobs.get(key);
      const chunks: Buffer[] = [];
      for await (const c of stored!.body) chunks.push(c as Buffer);
      expect(res.rawPayload.equals(Buffer.concat(chunks))).toBe(true);
      expect(await exifr.gps(res.rawPayload)).toBeUndefined();
    }
  }, 60_000);

  it('a revoked link is refused — the page and its images — and the list says revoked', async () => {
    const gallery = await share({ stage: 'before' });
    expect(gallery.photo_ids.sort()).toEqual([shots[0]!.id, shots[1]!.id].sort());
    const token = tokenOf(gallery);
    expect((await get(null, `/api/public/gallery-images/${token}/${shots[0]!.id}/thumbnail`)).statusCode).toBe(200);
    expect((await post(stranger, `/api/photo-galleries/${gallery.id}/revoke`)).statusCode).toBe(404);
    const revoked = await post(owner, `/api/photo-galleries/${gallery.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ state: 'revoked', link: null });
    const page = await get(null, `/api/public/galleries/${token}`);
    expect(page.statusCode).toBe(410);
    expect(page.json().error.message).toBe(GALLERY_REVOKED);
    expect((await post(null, `/api/public/galleries/${token}/viewed`)).statusCode).toBe(410);
    expect((await get(null, `/api/public/gallery-images/${token}/${shots[0]!.id}/thumbnail`)).statusCode).toBe(410);
    // Revoking again changes nothing.
    expect((await post(owner, `/api/photo-galleries/${gallery.id}/revoke`)).json().revoked_at).toBe(revoked.json().revoked_at);
  }, 30_000);

  it('an expired link is refused, the page and its images', async () => {
    const gallery = await share({ photo_ids: [shots[1]!.id], expires_in_days: 7 });
    const token = tokenOf(gallery);
    const start = clock;
    clock = new Date(start.getTime() + 8 * 86_400_000);
    try {
      const page = await get(null, `/api/public/galleries/${token}`);
      expect(page.statusCode).toBe(410);
      expect(page.json().error.message).toBe(GALLERY_LINK_EXPIRED);
      expect((await get(null, `/api/public/gallery-images/${token}/${shots[1]!.id}/thumbnail`)).statusCode).toBe(410);
    } finally {
      clock = start;
    }
  }, 30_000);

  it('authorization and bad input: another workspace’s job 404, another job’s photo 400, nothing written', async () => {
    const count = async () => (await ctx.db.select().from(photoGalleries)).length;
    const before = await count();
    expect((await post(stranger, `/api/jobs/${jobId}/photo-galleries`, { photo_ids: [shots[0]!.id] })).statusCode).toBe(404);
    expect((await get(stranger, `/api/jobs/${jobId}/photo-galleries`)).statusCode).toBe(404);
    expect((await post(stranger, `/api/jobs/${strangerJobId}/photo-galleries`, { photo_ids: [shots[0]!.id] })).statusCode).toBe(400);
    expect((await post(owner, `/api/jobs/${jobId}/photo-galleries`, { photo_ids: [shots[0]!.id, otherJobPhoto.id] })).statusCode).toBe(400);
    expect((await post(owner, `/api/jobs/${jobId}/photo-galleries`, { photo_ids: [shots[0]!.id], expires_in_days: 3 })).statusCode).toBe(400);
    expect((await post(null, `/api/jobs/${jobId}/photo-galleries`, { photo_ids: [shots[0]!.id] })).statusCode).toBe(401);
    expect(await count()).toBe(before);
  });
});
