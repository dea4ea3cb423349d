import {
  endpointPath,
  GALLERY_LINK_EXPIRED,
  GALLERY_LINK_INVALID,
  GALLERY_NOT_FOUND,
  GALLERY_REVOKED,
  PHOTO_NOT_FOUND,
  photoOutputEndpoints,
  type CreatePhotoGalleryBodySchema,
  type PhotoGallery,
  type PhotoGalleryList,
  type PublicGallery,
} from '@fieldbook/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { GALLERY_LINKS, makeClientLink, readClientLink } from '../../platform/client-links';
import type { WorkspaceActor } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import type { TokenSigner } from '../../platform/tokens';
import { findJobRecord, JOB_NOT_FOUND } from '../jobs';
import { profileDisplayNames } from '../profiles';
import { workspaceName, workspaceTimeZone } from '../workspaces';
import { photoGalleries } from './gallery.schema';
import { jobLabel } from './photo-report.service';
import { resolvePhotoSelection } from './photo-report.selection';
import { photos } from './photos.schema';

type Row = typeof photoGalleries.$inferSelect;
/** What the galleries need: the database, the link signer, the public URL and the clock. */
export type GalleryDeps = { db: Db; signer: TokenSigner; publicUrl: string; now: () => Date };
const LIST_LIMIT = 50;
const DAY_MS = 24 * 60 * 60_000;

const stateOf = (row: Row, now: Date) => (row.revokedAt ? 'revoked' : row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'live');

async function toGalleries(deps: GalleryDeps, rows: Row[]): Promise<PhotoGallery[]> {
  const names = await profileDisplayNames(deps.db, [...new Set(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])))]);
  const now = deps.now();
  return rows.map((r) => {
    const state = stateOf(r, now);
    return {
      id: r.id,
      job_id: r.jobId,
      label: r.label,
      photo_ids: r.photoIds,
      state,
      expires_at: r.expiresAt.toISOString(),
      revoked_at: r.revokedAt?.toISOString() ?? null,
      viewed_at: r.viewedAt?.toISOString() ?? null,
      // expires_at is whole seconds, so the same link is made again from the row (client-links.ts makeClientLink).
      link: state === 'live' ? makeClientLink(deps.signer, deps.publicUrl, GALLERY_LINKS, { id: r.id, expiresAt: r.expiresAt }, now) : null,
      created_by: { id: r.createdBy, name: r.createdBy ? (names.get(r.createdBy) ?? null) : null },
      created_at: r.createdAt.toISOString(),
    };
  });
}

async function requireJob(db: Db, actor: WorkspaceActor, jobId: string) {
  const job = await findJobRecord(db, { workspaceId: actor.workspaceId, jobId });
  if (!job) throw new AppError('NOT_FOUND', JOB_NOT_FOUND);
  return job;
}

/** Shares chosen photos (or a stage) of the caller's workspace's job by a link that expires after the chosen days. */
export async function createGallery(deps: GalleryDeps & { actor: WorkspaceActor; jobId: string; body: z.output<typeof CreatePhotoGalleryBodySchema> }): Promise<PhotoGallery> {
  const { db, actor, jobId, body } = deps;
  await requireJob(db, actor, jobId);
  const photoIds = await resolvePhotoSelection({ db, workspaceId: actor.workspaceId, jobId, selection: body });
  const expiresAt = new Date(Math.floor((deps.now().getTime() + body.expires_in_days * DAY_MS) / 1000) * 1000);
  const [row] = await db.insert(photoGalleries).values({ workspaceId: actor.workspaceId, jobId, createdBy: actor.userId, label: body.label, photoIds, expiresAt }).returning();
  const [gallery] = await toGalleries(deps, [row!]);
  return gallery!;
}

export async function listGalleries(deps: GalleryDeps & { actor: WorkspaceActor; jobId: string }): Promise<PhotoGalleryList> {
  const { db, actor, jobId } = deps;
  await requireJob(db, actor, jobId);
  const rows = await db
    .select()
    .from(photoGalleries)
    .where(and(eq(photoGalleries.workspaceId, actor.workspaceId), eq(photoGalleries.jobId, jobId)))
    .orderBy(desc(photoGalleries.createdAt))
    .limit(LIST_LIMIT);
  return { galleries: await toGalleries(deps, rows) };
}

/** Turns a gallery's link off from now on (any member of its workspace; again: no change). */
export async function revokeGallery(deps: GalleryDeps & { actor: WorkspaceActor; id: string }): Promise<PhotoGallery> {
  const { db, actor, id } = deps;
  const [row] = await db
    .update(photoGalleries)
    .set({ revokedAt: sql`coalesce(${photoGalleries.revokedAt}, ${deps.now().toISOString()}::timestamptz)` })
    .where(and(eq(photoGalleries.id, id), eq(photoGalleries.workspaceId, actor.workspaceId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', GALLERY_NOT_FOUND);
  const [gallery] = await toGalleries(deps, [row]);
  return gallery!;
}

/**
 * The gallery a client's link opens: a forged or other kind's link is 404, an expired one 410, a revoked one 410 —
 * the page says which. The link is the grant: the row is read by its signed id alone.
 */
export async function galleryOfLink(deps: Pick<GalleryDeps, 'db' | 'signer' | 'now'>, token: string): Promise<Row> {
  const read = readClientLink(deps.signer, GALLERY_LINKS, token, deps.now());
  if (read === null) throw new AppError('NOT_FOUND', GALLERY_LINK_INVALID);
  if (read === 'expired') throw new AppError('GONE', GALLERY_LINK_EXPIRED);
  const [row] = await deps.db.select().from(photoGalleries).where(eq(photoGalleries.id, read)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', GALLERY_LINK_INVALID);
  if (row.revokedAt) throw new AppError('GONE', GALLERY_REVOKED);
  return row;
}

/** The gallery's photos that can be shown: still on its job, with a picture; oldest taken first. */
const shownPhotos = (db: Db, row: Row, ids: string[] = row.photoIds) =>
  db
    .select()
    .from(photos)
    .where(and(eq(photos.workspaceId, row.workspaceId), eq(photos.jobId, row.jobId), inArray(photos.id, ids), ne(photos.status, 'uploading'), isNotNull(photos.thumbnailKey)))
    .orderBy(asc(photos.takenAt), asc(photos.id));

/** The client's page: the company, the job's title and address, and the photos — no author, no tags, no place. */
export async function viewGallery(deps: GalleryDeps, token: string): Promise<PublicGallery> {
  const row = await galleryOfLink(deps, token);
  const job = await findJobRecord(deps.db, { workspaceId: row.workspaceId, jobId: row.jobId });
  if (!job) throw new AppError('NOT_FOUND', GALLERY_LINK_INVALID);
  const image = (photoId: string, variant: 'thumbnail' | 'large') => endpointPath(photoOutputEndpoints.publicGalleryImage.path, { token, photo_id: photoId, variant });
  return {
    company: await workspaceName(deps.db, row.workspaceId),
    job: { title: jobLabel(job), property_address: job.propertyAddress },
    time_zone: await workspaceTimeZone(deps.db, row.workspaceId),
    expires_at: row.expiresAt.toISOString(),
    photos: (await shownPhotos(deps.db, row)).map((p) => ({
      id: p.id,
      caption: p.caption,
      stage: p.stage,
      taken_at: p.takenAt.toISOString(),
      width: p.width,
      height: p.height,
      thumbnail_url: image(p.id, 'thumbnail'),
      large_url: image(p.id, 'large'),
    })),
  };
}

/** What counts as a view: the rendered page's POST (components/client-page useViewOnce). The first is kept. */
export async function markGalleryViewed(deps: GalleryDeps, token: string): Promise<{ viewed_at: string }> {
  const row = await galleryOfLink(deps, token);
  const [set] = await deps.db
    .update(photoGalleries)
    .set({ viewedAt: deps.now() })
    .where(and(eq(photoGalleries.id, row.id), isNull(photoGalleries.viewedAt)))
    .returning({ viewedAt: photoGalleries.viewedAt });
  return { viewed_at: (set?.viewedAt ?? row.viewedAt ?? deps.now()).toISOString() };
}

/** One photo of the gallery a link opens: a photo outside it (another job's, or not chosen) is 404. */
export async function galleryPhoto(deps: Pick<GalleryDeps, 'db' | 'signer' | 'now'>, token: string, photoId: string) {
  const row = await galleryOfLink(deps, token);
  if (!row.photoIds.includes(photoId)) throw new AppError('NOT_FOUND', PHOTO_NOT_FOUND);
  const [photo] = await shownPhotos(deps.db, row, [photoId]);
  if (!photo) throw new AppError('NOT_FOUND', PHOTO_NOT_FOUND);
  return { gallery: row, photo };
}
