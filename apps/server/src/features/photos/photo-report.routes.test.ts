import { PHOTO_SELECTION_NOT_ON_JOB, PHOTO_SELECTION_REQUIRED, PHOTO_STAGE_EMPTY, PhotoReportListSchema, PhotoReportSchema, PhotoSchema, type Photo } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, photoMarkups, photoReports, profiles, workspaces } from '../../db/schema';
import { startJob } from '../../platform/jobs';
import { insertJob } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { startPhotoMarkupRenders } from './markup-job';
import { photoReportJob } from './photo-report.job';
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

const upload = async (user: TestUser, bytes: Buffer, fields: Record<string, string>): Promise<Photo> => {
  const body = multipartBody({ fields, file: { name: 'photo.jpg', bytes } });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/photos', payload: body.payload, headers: { ...body.headers, ...user.headers } });
  expect(res.statusCode, res.body).toBe(201);
  return PhotoSchema.parse(res.json());
};
const post = (user: TestUser, url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: user.headers });
const get = (user: TestUser, url: string) => ctx.app.inject({ method: 'GET', url, headers: user.headers });
const drainReports = () => startJob(ctx.db, photoReportJob({ db: ctx.db, blobs: ctx.blobs })).drain();

const pdfText = async (bytes: Buffer) => {
  const { extractText, getDocumentProxy } = await import('unpdf');
  return extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
};
const blobBytes = async (key: string) => {
  const blob = await ctx.blobs.get(key);
  const chunks: Buffer[] = [];
  for await (const c of blob!.body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createTestUser(ctx, { email: 'owner-report@example.com', workspaceName: 'Żółć Roofing' });
  stranger = await createTestUser(ctx, { email: 'stranger-report@example.com' });
  await ctx.db.update(workspaces).set({ timeZone: 'America/Chicago' }).where(eq(workspaces.id, owner.workspaceId!));
  // A name Helvetica garbles: it must print (the embedded DejaVu font).
  await ctx.db.update(profiles).set({ userName: 'Łukasz Żółć' }).where(eq(profiles.id, owner.id));
  jobId = (await insertJob(ctx.db, { workspaceId: owner.workspaceId!, title: 'Hail roof at 12 Oak', clientName: 'Αλέξανδρος Παπαδόπουλος', propertyAddress: '12 Oak Street, Springfield', claimNumber: 'CLM-2026-00417' })).id;
  otherJobId = (await insertJob(ctx.db, { workspaceId: owner.workspaceId!, title: 'Gutter at 4 Elm' })).id;
  strangerJobId = (await insertJob(ctx.db, { workspaceId: stranger.workspaceId! })).id;
  shots.push(await upload(owner, await jpegWithExif({ taken: '2026:03:14 09:26:53', offset: '-05:00', lat: 41.8781, lng: -87.6298 }), { job_id: jobId, stage: 'before', caption: 'North slope, missing shingles' }));
  shots.push(await upload(owner, await jpegWithExif({ taken: '2026:03:14 09:40:00', offset: '-05:00' }), { job_id: jobId, stage: 'before', caption: 'Dented gutter, east side' }));
  shots.push(await upload(owner, await jpegWithExif({ taken: '2026:03:20 15:05:00', offset: '-05:00', lat: 41.8782, lng: -87.6297 }), { job_id: jobId, stage: 'after', caption: 'New ridge cap installed' }));
  otherJobPhoto = await upload(owner, await jpegWithExif(), { job_id: otherJobId, stage: 'before', caption: 'Another job' });
  await startPhotoThumbnails({ db: ctx.db, blobs: ctx.blobs }).drain();
  // The after photo is marked up (the markup part): the report prints its rendering.
  const marked = await ctx.app.inject({ method: 'PUT', url: `/api/photos/${shots[2]!.id}/markup`, headers: owner.headers, payload: { version: 0, shapes: [{ type: 'rect', from: [0.1, 0.1], to: [0.6, 0.6], color: 'red', width: 'thick' }] } });
  expect(marked.statusCode, marked.body).toBe(200);
  expect(await startPhotoMarkupRenders({ db: ctx.db, blobs: ctx.blobs }).drain()).toBe(1);
}, 300_000);
afterAll(() => ctx.close());

describe('photo report', () => {
  it('makes a PDF of the chosen photos grouped by stage, stored as a document on the job, its text checked', async () => {
    const res = await post(owner, `/api/jobs/${jobId}/photo-reports`, { photo_ids: shots.map((p) => p.id) });
    expect(res.statusCode, res.body).toBe(201);
    const report = PhotoReportSchema.parse(res.json());
    expect(report).toMatchObject({ job_id: jobId, photo_count: 3, status: 'pending', document_id: null, title: 'Photo report — Hail roof at 12 Oak', created_by: { id: owner.id, name: 'Łukasz Żółć' } });

    expect(await drainReports()).toBe(1);
    const list = PhotoReportListSchema.parse((await get(owner, `/api/jobs/${jobId}/photo-reports`)).json());
    expect(list.reports[0]).toMatchObject({ id: report.id, status: 'done', document_id: report.id, error: null });

    const [doc] = await ctx.db.select().from(documents).where(eq(documents.id, report.id));
    expect(doc).toMatchObject({ jobId, workspaceId: owner.workspaceId, status: 'created', mimeType: 'application/pdf', documentType: 'photo_report', name: 'Photo report — Hail roof at 12 Oak.pdf' });
    const { text, totalPages } = await pdfText(await blobBytes(doc!.storageKey!));
    // Cover + one page per stage.
    expect(totalPages).toBe(3);
    for (const expected of [
      'PHOTO REPORT',
      'Żółć Roofing',
      'Hail roof at 12 Oak',
      'Αλέξανδρος Παπαδόπουλος',
      '12 Oak Street, Springfield',
      'CLM-2026-00417',
      'Łukasz Żółć',
      'Before (2)',
      'After (1)',
      'North slope, missing shingles',
      'Dented gutter, east side',
      'New ridge cap installed',
      // The workspace's zone (Chicago, daylight time from March 8): 14:26 UTC is 9:26 AM CDT.
      'Mar 14, 2026, 9:26 AM CDT',
      '41.87810, -87.62980',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Stages print in order: before, then after; within a stage oldest first.
    expect(text.indexOf('Before (2)')).toBeLessThan(text.indexOf('After (1)'));
    expect(text.indexOf('North slope')).toBeLessThan(text.indexOf('Dented gutter'));
    // Each photo's picture is embedded (a JPEG XObject per photo).
    const raw = (await blobBytes(doc!.storageKey!)).toString('latin1');
    expect(raw.match(/\/Subtype \/Image/g)?.length).toBe(3);
    // The marked-up photo's picture is its markup rendering's thumbnail (pdfkit copies a JPEG's bytes as they are).
    const [markup] = await ctx.db.select().from(photoMarkups).where(eq(photoMarkups.photoId, shots[2]!.id));
    const pdf = await blobBytes(doc!.storageKey!);
    const markedThumb = await blobBytes(markup!.thumbnailKey!);
    const plainThumb = await blobBytes(`photos/${owner.workspaceId}/${shots[0]!.id}.thumb.jpg`);
    expect(markedThumb.equals(plainThumb)).toBe(false);
    expect(pdf.includes(markedThumb)).toBe(true);
    expect(pdf.includes(plainThumb)).toBe(true);
    expect(text).toContain('Picture: with markup');
    // The document's extracted text (search, the assistant) says the same.
    expect(doc!.extractedText).toContain('CLM-2026-00417');
  }, 60_000);

  it('reports a whole stage', async () => {
    const res = await post(owner, `/api/jobs/${jobId}/photo-reports`, { stage: 'after' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ photo_count: 1, title: 'After photos — Hail roof at 12 Oak' });
    await drainReports();
    const [row] = await ctx.db.select().from(photoReports).where(eq(photoReports.id, res.json().id));
    expect(row?.status).toBe('done');
  }, 30_000);

  it('waits for a thumbnail still being made (retried with backoff), then prints it; a row whose attempts are used up is given up at the claim', async () => {
    const fresh = await upload(owner, await jpegWithExif({ taken: '2026:03:21 10:00:00', offset: '-05:00' }), { job_id: jobId, stage: 'issue', caption: 'Soft decking' });
    const res = await post(owner, `/api/jobs/${jobId}/photo-reports`, { photo_ids: [fresh.id] });
    await drainReports();
    let [row] = await ctx.db.select().from(photoReports).where(eq(photoReports.id, res.json().id));
    expect(row).toMatchObject({ status: 'pending', error: 'Waiting for 1 photo thumbnail', attempts: 1 });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    await startPhotoThumbnails({ db: ctx.db, blobs: ctx.blobs }).drain();
    await ctx.db.update(photoReports).set({ nextAttemptAt: new Date() }).where(eq(photoReports.id, row!.id));
    await drainReports();
    [row] = await ctx.db.select().from(photoReports).where(eq(photoReports.id, row!.id));
    expect(row).toMatchObject({ status: 'done', error: null, documentId: row!.id });

    const [stuck] = await ctx.db.insert(photoReports).values({ workspaceId: owner.workspaceId!, jobId, createdBy: owner.id, title: 'Stuck', photoIds: [fresh.id], attempts: 5 }).returning();
    await drainReports();
    const [given] = await ctx.db.select().from(photoReports).where(eq(photoReports.id, stuck!.id));
    expect(given).toMatchObject({ status: 'failed', error: 'Photo report stopped: 5 attempts ended without a result' });
    expect(PhotoReportListSchema.parse((await get(owner, `/api/jobs/${jobId}/photo-reports`)).json()).reports.find((r) => r.id === stuck!.id)).toMatchObject({ status: 'failed', document_id: null });
  }, 60_000);

  it('refuses another job’s photo, an empty stage, no selection — and writes nothing', async () => {
    const before = (await ctx.db.select().from(photoReports)).length;
    const mixed = await post(owner, `/api/jobs/${jobId}/photo-reports`, { photo_ids: [shots[0]!.id, otherJobPhoto.id] });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.message).toBe(PHOTO_SELECTION_NOT_ON_JOB);
    const empty = await post(owner, `/api/jobs/${jobId}/photo-reports`, { stage: 'receipt' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(PHOTO_STAGE_EMPTY);
    const none = await post(owner, `/api/jobs/${jobId}/photo-reports`, {});
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toContain(PHOTO_SELECTION_REQUIRED);
    const both = await post(owner, `/api/jobs/${jobId}/photo-reports`, { stage: 'before', photo_ids: [shots[0]!.id] });
    expect(both.statusCode).toBe(400);
    const tooMany = await post(owner, `/api/jobs/${jobId}/photo-reports`, { photo_ids: Array.from({ length: 201 }, () => crypto.randomUUID()) });
    expect(tooMany.statusCode).toBe(400);
    expect((await ctx.db.select().from(photoReports)).length).toBe(before);
  });

  it('another workspace’s job is a 404, for making and for listing', async () => {
    expect((await post(stranger, `/api/jobs/${jobId}/photo-reports`, { photo_ids: [shots[0]!.id] })).statusCode).toBe(404);
    expect((await get(stranger, `/api/jobs/${jobId}/photo-reports`)).statusCode).toBe(404);
    // Its own job with our photo: the photo is not on that job.
    expect((await post(stranger, `/api/jobs/${strangerJobId}/photo-reports`, { photo_ids: [shots[0]!.id] })).statusCode).toBe(400);
  });
});
