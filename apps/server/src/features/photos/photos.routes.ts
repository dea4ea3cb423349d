import { photoEndpoints as endpoints, photoUploadEndpoints, PHOTO_CAPTION_MAX, PHOTO_MAX_BYTES, PHOTO_NOT_FOUND } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { serveBlob } from '../../platform/serve-blob';
import { registerUploadEndpoint, uploadDeps } from '../../platform/uploads';
import { photoKindOf, photoKinds } from './photo-kind';
import { photos } from './photos.schema';
import { photoImageLinks, readPhotoImageLink } from './image-links';
import { galleryCopyKeys } from './gallery-images';
import { galleryRoutes } from './gallery.routes';
import { photoReportRoutes } from './photo-report.routes';
import { markupRoutes } from './markup.routes';
import { markedImageKey } from './markup.service';
import { deletePhoto, findPhotoForLink, getPhoto, getPhotoRow, listPhotos, photoUploadSteps, updatePhoto } from './photos.service';

const MISSING = 'The photo’s file is missing on the server';

/** The photos endpoints (photoEndpoints in the contract), registered in the /api scope. */
export async function photosRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db, blobs } = deps;
  const links = photoImageLinks(deps.signer, deps.now);
  // Fields first, then the file: the job and the upload_key must be known before the bytes arrive.
  const upload = await registerUploadEndpoint(app, {
    ...uploadDeps(deps),
    path: endpoints.upload.path,
    maxBytes: PHOTO_MAX_BYTES,
    fields: 6,
    // In bytes: a caption of PHOTO_CAPTION_MAX characters of any script (up to 4 bytes each in UTF-8).
    fieldSize: PHOTO_CAPTION_MAX * 4 + 200,
    table: photos,
    keyPrefix: 'photos',
    kinds: photoKinds,
    fieldsBeforeFile: true,
    messages: { notMultipart: 'Send the photo as multipart/form-data (fields first, then the field "file")', missingFile: 'Choose a photo to upload' },
  });
  const steps = (actor: Parameters<typeof photoUploadSteps>[0]['actor']) => photoUploadSteps({ db, links, blobs, actor, now: deps.now });

  route(app, endpoints.upload, async ({ actor, req }) => (await upload.receive(req, actor, steps(actor))).result);
  // The same upload, resumable (tus; Upload-Metadata carries the fields): it ends in the same steps.
  upload.resumable(photoUploadEndpoints, steps);

  route(app, endpoints.listForJob, async ({ actor, params, query }) => listPhotos({ db, links, actor, query, jobId: params.id }));
  route(app, endpoints.timeline, async ({ actor, query }) => listPhotos({ db, links, actor, query }));
  route(app, endpoints.get, async ({ actor, params }) => getPhoto({ db, links, actor, id: params.id }));
  route(app, endpoints.update, async ({ actor, params, body }) => updatePhoto({ db, links, actor, id: params.id, body }));
  markupRoutes(app, { ...deps, links });
  route(app, endpoints.remove, async ({ actor, params }) => {
    await deletePhoto({ db, blobs, actor, id: params.id });
    // Its shared copy (a gallery's large image) goes with it.
    for (const key of galleryCopyKeys(actor.workspaceId, params.id)) await blobs.delete(key);
    return { ok: true as const };
  });

  route(app, endpoints.original, async ({ actor, req, reply, params, query }) => {
    const row = await getPhotoRow({ db, actor, id: params.id });
    const fileName = `photo-${row.id}.${photoKindOf(row.contentType) ?? 'bin'}`;
    return serveBlob({ blobs, req, reply, key: row.storageKey, contentType: row.contentType, fileName, download: query.download === 'true', missing: MISSING });
  });
  route(app, endpoints.thumbnail, async ({ actor, req, reply, params }) => {
    const row = await getPhotoRow({ db, actor, id: params.id });
    if (!row.thumbnailKey) throw new AppError('NOT_FOUND', row.status === 'failed' ? (row.processingError ?? 'This photo has no thumbnail') : 'The thumbnail is not made yet');
    return serveBlob({ blobs, req, reply, key: row.thumbnailKey, contentType: 'image/jpeg', fileName: `photo-${row.id}-thumbnail.jpg`, download: false, missing: MISSING });
  });

  // The output (issue 35): reports and shared galleries, each in its own scope (the gallery's client-link limits).
  await app.register(photoReportRoutes, deps);
  await app.register(galleryRoutes, deps);

  // A signed image answer may stay in the browser's cache until its link expires (serveBlob says no-store): the grid
  // scrolled back or opened again within the window is served from the cache. Only this plugin's scope has the hook.
  const cacheUntil = new WeakMap<object, number>();
  app.addHook('onSend', async (req, reply, payload) => {
    const until = cacheUntil.get(req);
    if (until !== undefined && reply.statusCode < 300) reply.header('cache-control', `private, max-age=${Math.max(0, Math.floor((until - deps.now().getTime()) / 1000))}`);
    return payload;
  });
  // <img src>: the signed link is the grant (photoImageLinks); the photo's own workspace is the one that signed it.
  route(app, endpoints.image, async ({ req, reply, params }) => {
    const id = readPhotoImageLink(deps.signer, params.variant, params.token, deps.now());
    if (id === null) throw new AppError('NOT_FOUND', PHOTO_NOT_FOUND);
    if (id === 'expired') throw new AppError('GONE', 'This photo link has expired; reload the photos');
    const row = await findPhotoForLink(db, id);
    const key =
      row &&
      (params.variant === 'original' ? row.storageKey : params.variant === 'thumbnail' ? row.thumbnailKey : await markedImageKey(db, params.variant, row.id));
    if (!row || !key) throw new AppError('NOT_FOUND', PHOTO_NOT_FOUND);
    const expires = Number(params.token.split('.')[1]) * 1000;
    cacheUntil.set(req, expires);
    const contentType = params.variant === 'original' ? row.contentType : 'image/jpeg';
    const fileName = `photo-${row.id}${params.variant === 'original' ? `.${photoKindOf(row.contentType) ?? 'bin'}` : `-${params.variant.replace('_', '-')}.jpg`}`;
    return serveBlob({ blobs, req, reply, key, contentType, fileName, download: false, missing: MISSING });
  });
}
