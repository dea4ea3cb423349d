import { createCanvas, loadImage } from '@napi-rs/canvas';
import { MARKUP_MAX_POINTS, MARKUP_MAX_SHAPES, MARKUP_STALE, MARKUP_TEXT_MAX, PhotoSchema, type MarkupShape, type Photo } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoMarkups } from '../../db/schema';
import { insertJob } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { renderedPhotoBlob, renderedPhotoKeys } from '.';
import { startPhotoMarkupRenders } from './markup-job';

let ctx: TestContext;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser; // another workspace
let jobId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createTestUser(ctx, { email: 'owner-markup@example.com' });
  member = await createTestUser(ctx, { workspaceId: owner.workspaceId, email: 'member-markup@example.com' });
  stranger = await createTestUser(ctx, { email: 'stranger-markup@example.com' });
  jobId = (await insertJob(ctx.db, { workspaceId: owner.workspaceId! })).id;
}, 120_000);
afterAll(() => ctx.close());

/** A plain white JPEG: any red in its rendering is the markup's. */
async function whiteJpeg(width = 800, height = 600): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  const c = canvas.getContext('2d');
  c.fillStyle = '#ffffff';
  c.fillRect(0, 0, width, height);
  return canvas.encode('jpeg', 92);
}

async function uploaded(bytes: Buffer): Promise<Photo> {
  const body = multipartBody({ fields: { job_id: jobId }, file: { name: 'roof.jpg', bytes } });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/photos', payload: body.payload, headers: { ...body.headers, ...owner.headers } });
  expect(res.statusCode, res.body).toBe(201);
  return PhotoSchema.parse(res.json());
}

const put = (user: TestUser, id: string, payload: unknown) => ctx.app.inject({ method: 'PUT', url: `/api/photos/${id}/markup`, headers: user.headers, payload: payload as object });
const getPhoto = async (id: string) => PhotoSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/photos/${id}`, headers: owner.headers })).json());
const markupRow = async (id: string) => (await ctx.db.select().from(photoMarkups).where(eq(photoMarkups.photoId, id)))[0];

/** A thick red freehand stroke across the middle, left to right. */
const RED_STROKE: MarkupShape = { type: 'freehand', color: 'red', width: 'thick', points: Array.from({ length: 41 }, (_, i) => [0.1 + i * 0.02, 0.5] as [number, number]) };

async function pixels(jpeg: Buffer) {
  const image = await loadImage(jpeg);
  const canvas = createCanvas(image.width, image.height);
  const c = canvas.getContext('2d');
  c.drawImage(image, 0, 0);
  const data = c.getImageData(0, 0, image.width, image.height).data;
  return {
    width: image.width,
    height: image.height,
    at: (x: number, y: number) => {
      const i = (Math.round(y) * image.width + Math.round(x)) * 4;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}
const isRed = ([r, g, b]: number[]) => r! > 200 && g! < 110 && b! < 110;
const isWhite = ([r, g, b]: number[]) => r! > 235 && g! > 235 && b! > 235;

describe('PUT /api/photos/:id/markup', () => {
  it('stores the shapes with version 1, renders them in the background on the pixels (red where drawn, untouched elsewhere), the original unchanged; deleted with the photo', async () => {
    const original = await whiteJpeg();
    const photo = await uploaded(original);
    expect(photo.markup).toBeNull();

    const res = await put(member, photo.id, { version: 0, shapes: [RED_STROKE] });
    expect(res.statusCode, res.body).toBe(200);
    const saved = PhotoSchema.parse(res.json());
    expect(saved.markup).toMatchObject({ version: 1, shapes: [RED_STROKE], updated_by: member.id, render_status: 'rendering', rendered_url: null });

    expect(await startPhotoMarkupRenders({ db: ctx.db, blobs: ctx.blobs }).drain()).toBe(1);
    const ready = await getPhoto(photo.id);
    expect(ready.markup).toMatchObject({ version: 1, render_status: 'ready', render_error: null });
    expect(ready.markup!.rendered_url).toMatch(/^\/api\/photo-images\/marked\/.+\?v=1$/);

    // The signed URL opens the rendering without a session.
    const rendered = await ctx.app.inject({ method: 'GET', url: ready.markup!.rendered_url! });
    expect(rendered.statusCode).toBe(200);
    expect(rendered.headers['content-type']).toBe('image/jpeg');
    const image = await pixels(rendered.rawPayload);
    expect([image.width, image.height]).toEqual([800, 600]);
    // Along the stroke (x from 80 to 720 at y = 300): red. Away from it: the photo's white.
    for (const x of [120, 300, 400, 560, 680]) expect(isRed(image.at(x, 300)), `(${x}, 300) ${image.at(x, 300).join(',')}`).toBe(true);
    for (const [x, y] of [[400, 100], [400, 500], [20, 300], [780, 300], [100, 40]] as const) expect(isWhite(image.at(x, y)), `(${x}, ${y}) ${image.at(x, y).join(',')}`).toBe(true);

    // The grid's thumbnail of the rendering: 400 px on its long edge, red in the middle.
    const thumb = await pixels((await ctx.app.inject({ method: 'GET', url: ready.markup!.rendered_thumbnail_url! })).rawPayload);
    expect([thumb.width, thumb.height]).toEqual([400, 300]);
    expect(isRed(thumb.at(200, 150))).toBe(true);

    // The original is the uploaded file, byte for byte.
    const originalAfter = await ctx.app.inject({ method: 'GET', url: `/api/photos/${photo.id}/original`, headers: owner.headers });
    expect(Buffer.compare(originalAfter.rawPayload, original)).toBe(0);

    // The photos feature's public entry, for reports and sharing: the same JPEG; another workspace's id gives none.
    const blob = await renderedPhotoBlob(ctx.db, ctx.blobs, owner.workspaceId!, photo.id);
    expect(blob).toMatchObject({ contentType: 'image/jpeg', version: 1 });
    const chunks: Buffer[] = [];
    for await (const chunk of blob!.body) chunks.push(chunk as Buffer);
    expect(Buffer.compare(Buffer.concat(chunks), rendered.rawPayload)).toBe(0);
    expect((await renderedPhotoKeys(ctx.db, stranger.workspaceId!, [photo.id])).size).toBe(0);

    // Deleting the photo deletes its renderings too.
    const keys = await markupRow(photo.id);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/photos/${photo.id}`, headers: owner.headers })).statusCode).toBe(200);
    expect(await markupRow(photo.id)).toBeUndefined();
    expect(await ctx.blobs.get(keys!.blobKey!)).toBeNull();
    expect(await ctx.blobs.get(keys!.thumbnailKey!)).toBeNull();
  }, 180_000);

  it('a save drawn on an older version is a 409 that changes nothing; the newer rendering replaces the old one', async () => {
    const photo = await uploaded(await whiteJpeg(300, 200));
    expect((await put(owner, photo.id, { version: 0, shapes: [RED_STROKE] })).statusCode).toBe(200);
    // A second person who also opened it with no markup.
    const late = await put(member, photo.id, { version: 0, shapes: [{ type: 'rect', from: [0.1, 0.1], to: [0.5, 0.5], color: 'blue', width: 'thin' }] });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(MARKUP_STALE);
    expect((await getPhoto(photo.id)).markup).toMatchObject({ version: 1, shapes: [RED_STROKE], updated_by: owner.id });

    await startPhotoMarkupRenders({ db: ctx.db, blobs: ctx.blobs }).drain();
    const first = await markupRow(photo.id);
    const arrow: MarkupShape = { type: 'arrow', from: [0.2, 0.8], to: [0.8, 0.2], color: 'yellow', width: 'medium' };
    const label: MarkupShape = { type: 'text', at: [0.1, 0.1], text: 'Hail damage — Łukasz', color: 'white', width: 'thick' };
    expect((await put(member, photo.id, { version: 1, shapes: [arrow, label] })).statusCode).toBe(200);
    expect((await put(owner, photo.id, { version: 1, shapes: [RED_STROKE] })).statusCode).toBe(409);
    // Version 2 is still rendering: no rendered URL of version 1 is given for it.
    expect((await getPhoto(photo.id)).markup).toMatchObject({ version: 2, shapes: [arrow, label], render_status: 'rendering', rendered_url: null });
    await startPhotoMarkupRenders({ db: ctx.db, blobs: ctx.blobs }).drain();
    const second = await markupRow(photo.id);
    expect(second).toMatchObject({ renderStatus: 'ready', renderedVersion: 2 });
    expect(second!.blobKey).not.toBe(first!.blobKey);
    expect(await ctx.blobs.get(first!.blobKey!)).toBeNull();
    expect(await ctx.blobs.get(second!.blobKey!)).not.toBeNull();

    // Cleared: no shapes, no rendering left.
    const cleared = PhotoSchema.parse((await put(owner, photo.id, { version: 2, shapes: [] })).json());
    expect(cleared.markup).toMatchObject({ version: 3, shapes: [], render_status: 'none', rendered_url: null });
    expect(await ctx.blobs.get(second!.blobKey!)).toBeNull();
    expect(await startPhotoMarkupRenders({ db: ctx.db, blobs: ctx.blobs }).drain()).toBe(0);
  }, 180_000);

  it("another workspace's photo is a 404, and nothing is stored", async () => {
    const photo = await uploaded(await whiteJpeg(100, 100));
    const res = await put(stranger, photo.id, { version: 0, shapes: [RED_STROKE] });
    expect(res.statusCode).toBe(404);
    expect(await markupRow(photo.id)).toBeUndefined();
  });

  it('bad markup is a 400 with the reason, and changes nothing', async () => {
    const photo = await uploaded(await whiteJpeg(100, 100));
    expect((await put(owner, photo.id, { version: 0, shapes: [RED_STROKE] })).statusCode).toBe(200);
    const line = (extra: Record<string, unknown>) => ({ type: 'arrow', from: [0, 0], to: [1, 1], color: 'red', width: 'thin', ...extra });
    const bad: [unknown, RegExp][] = [
      [{ version: 1, shapes: [line({ to: [1.5, 0.5] })] }, /from 0 to 1/],
      [{ version: 1, shapes: [line({ color: 'pink' })] }, /color must be one of/],
      [{ version: 1, shapes: [line({ width: 40 })] }, /width must be one of/],
      [{ version: 1, shapes: [{ type: 'star', at: [0, 0] }] }, /arrow, rect, ellipse, freehand or text/],
      [{ version: 1, shapes: [line({ onclick: 'x' })] }, /onclick|Unrecognized/i],
      [{ version: 1, shapes: Array.from({ length: MARKUP_MAX_SHAPES + 1 }, () => line({})) }, new RegExp(`At most ${MARKUP_MAX_SHAPES} shapes`)],
      [{ version: 1, shapes: [{ ...RED_STROKE, points: Array.from({ length: MARKUP_MAX_POINTS + 1 }, () => [0.5, 0.5]) }] }, new RegExp(`at most ${MARKUP_MAX_POINTS} points`)],
      [{ version: 1, shapes: Array.from({ length: 11 }, () => ({ ...RED_STROKE, points: Array.from({ length: MARKUP_MAX_POINTS }, () => [0.5, 0.5]) })) }, /At most 10,?000 points/],
      [{ version: 1, shapes: [{ type: 'text', at: [0.1, 0.1], text: 'x'.repeat(MARKUP_TEXT_MAX + 1), color: 'white', width: 'thin' }] }, new RegExp(`at most ${MARKUP_TEXT_MAX} characters`)],
      [{ version: 1, shapes: [{ type: 'text', at: [0.1, 0.1], text: '   ', color: 'white', width: 'thin' }] }, /cannot be empty/],
      [{ version: -1, shapes: [] }, /version/],
      [{ shapes: [] }, /version/],
    ];
    for (const [payload, message] of bad) {
      const res = await put(owner, photo.id, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(res.body).toMatch(message);
    }
    expect(await markupRow(photo.id)).toMatchObject({ version: 1, shapes: [RED_STROKE] });
  });
});
