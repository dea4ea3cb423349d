import { MARKUP_STALE, type PhotoMarkup, type PutPhotoMarkupBodySchema } from '@fieldbook/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { BlobStore } from '../../platform/blob-store';
import type { WorkspaceActor } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import type { PhotoImageLinks } from './image-links';
import { photoMarkups } from './markup.schema';

type MarkupRow = typeof photoMarkups.$inferSelect;

/** Rows → the contract's markup; the rendered images' URLs only once this version is drawn. */
function toMarkup(links: PhotoImageLinks, row: MarkupRow): PhotoMarkup {
  const rendered = row.renderStatus === 'ready' && row.renderedVersion === row.version && row.blobKey !== null;
  return {
    version: row.version,
    shapes: row.shapes,
    updated_by: row.updatedBy,
    updated_at: row.updatedAt.toISOString(),
    render_status: row.renderStatus,
    render_error: row.renderError,
    ...(rendered ? links.marked({ id: row.photoId, version: row.version }) : { rendered_url: null, rendered_thumbnail_url: null }),
  };
}

/** The markup of each of these photos (one query for a page), by photo id; a photo never marked up has none. */
export async function photoMarkupsOf(db: Db, links: PhotoImageLinks, photoIds: string[]): Promise<Map<string, PhotoMarkup>> {
  if (photoIds.length === 0) return new Map();
  const rows = await db.select().from(photoMarkups).where(inArray(photoMarkups.photoId, photoIds));
  return new Map(rows.map((row) => [row.photoId, toMarkup(links, row)]));
}

/**
 * Saves a photo's markup (the caller has checked the photo is its workspace's) if it was drawn on the version stored
 * — 0 for none —, as one conditional write, so of two saves drawn on one version exactly one wins and the other is
 * a 409 that changed nothing. Shapes are queued for rendering (markup-job.ts); none clears the rendering.
 */
export async function saveMarkup(opts: { db: Db; blobs: BlobStore; actor: WorkspaceActor; photoId: string; body: z.output<typeof PutPhotoMarkupBodySchema> }): Promise<void> {
  const { db, actor, photoId, body } = opts;
  const hasShapes = body.shapes.length > 0;
  const values = {
    shapes: body.shapes,
    updatedBy: actor.userId,
    updatedAt: new Date(),
    renderStatus: hasShapes ? ('rendering' as const) : ('none' as const),
    renderError: null,
    attempts: 0,
    nextAttemptAt: new Date(),
    lockedUntil: null,
  };
  const [previous] = await db.select({ blobKey: photoMarkups.blobKey, thumbnailKey: photoMarkups.thumbnailKey }).from(photoMarkups).where(eq(photoMarkups.photoId, photoId));
  const saved =
    body.version === 0
      ? await db
          .insert(photoMarkups)
          .values({ photoId, workspaceId: actor.workspaceId, version: 1, ...values })
          .onConflictDoNothing()
          .returning({ version: photoMarkups.version })
      : await db
          .update(photoMarkups)
          .set({ ...values, version: body.version + 1, ...(hasShapes ? {} : { blobKey: null, thumbnailKey: null, renderedVersion: null }) })
          .where(and(eq(photoMarkups.photoId, photoId), eq(photoMarkups.workspaceId, actor.workspaceId), eq(photoMarkups.version, body.version)))
          .returning({ version: photoMarkups.version });
  if (saved.length === 0) throw new AppError('CONFLICT', MARKUP_STALE);
  // Cleared: the rendering of the old shapes goes (a new one replaces it when it is drawn: markup-job.ts).
  if (!hasShapes && previous) await deleteKeys(opts.blobs, [previous.blobKey, previous.thumbnailKey]);
}

async function deleteKeys(blobs: BlobStore, keys: (string | null)[]): Promise<void> {
  for (const key of keys) if (key) await blobs.delete(key);
}

/** Before a photo is deleted (its markup row goes with it): its rendered images. */
export async function deleteMarkupBlobs(db: Db, blobs: BlobStore, photoId: string): Promise<void> {
  const [row] = await db.select().from(photoMarkups).where(eq(photoMarkups.photoId, photoId));
  if (row) await deleteKeys(blobs, [row.blobKey, row.thumbnailKey]);
}

/** The blob key behind a signed 'marked' / 'marked_thumbnail' image link (the link is the grant); null without. */
export async function markedImageKey(db: Db, variant: 'marked' | 'marked_thumbnail', photoId: string): Promise<string | null> {
  const [row] = await db.select({ blobKey: photoMarkups.blobKey, thumbnailKey: photoMarkups.thumbnailKey }).from(photoMarkups).where(eq(photoMarkups.photoId, photoId));
  return (variant === 'marked' ? row?.blobKey : row?.thumbnailKey) ?? null;
}

/**
 * For reports and sharing: the rendered marked-up JPEG's blob key of each of these photos of the workspace whose
 * current markup is drawn (at most MARKUP_RENDER_EDGE px on its long edge). A photo without markup, with markup
 * cleared, or whose latest markup is still rendering or failed is absent: use its original.
 */
export async function renderedPhotoKeys(db: Db, workspaceId: string, photoIds: string[]): Promise<Map<string, { key: string; version: number }>> {
  if (photoIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(photoMarkups)
    .where(and(eq(photoMarkups.workspaceId, workspaceId), inArray(photoMarkups.photoId, photoIds), eq(photoMarkups.renderStatus, 'ready')));
  return new Map(rows.flatMap((r) => (r.blobKey && r.renderedVersion === r.version ? [[r.photoId, { key: r.blobKey, version: r.version }] as const] : [])));
}

/** One photo's rendered marked-up JPEG (see renderedPhotoKeys), or null: use the original. */
export async function renderedPhotoBlob(db: Db, blobs: BlobStore, workspaceId: string, photoId: string): Promise<{ body: Readable; size: number; contentType: 'image/jpeg'; version: number } | null> {
  const rendered = (await renderedPhotoKeys(db, workspaceId, [photoId])).get(photoId);
  if (!rendered) return null;
  const blob = await blobs.get(rendered.key);
  return blob ? { ...blob, contentType: 'image/jpeg', version: rendered.version } : null;
}
