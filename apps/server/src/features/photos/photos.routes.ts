import { photoEndpoints as endpoints, photoUploadEndpoints, PHOTO_MAX_BYTES } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { serveBlob } from '../../platform/serve-blob';
import { registerUploadEndpoint, uploadDeps } from '../../platform/uploads';
import { photoKindOf, photoKinds } from './photo-kind';
import { photos } from './photos.schema';
import { deletePhoto, getPhoto, getPhotoRow, listPhotos, photoUploadSteps, updatePhoto } from './photos.service';

const MISSING = 'The photo’s file is missing on the server';

/** The photos endpoints (photoEndpoints in the contract), registered in the /api scope. */
export async function photosRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db, blobs } = deps;
  // Fields first, then the file: the job and the upload_key must be known before the bytes arrive.
  const upload = await registerUploadEndpoint(app, {
    ...uploadDeps(deps),
    path: endpoints.upload.path,
    maxBytes: PHOTO_MAX_BYTES,
    fields: 6,
    fieldSize: 2200,
    table: photos,
    keyPrefix: 'photos',
    kinds: photoKinds,
    fieldsBeforeFile: true,
    messages: { notMultipart: 'Send the photo as multipart/form-data (fields first, then the field "file")', missingFile: 'Choose a photo to upload' },
  });
  const steps = (actor: Parameters<typeof photoUploadSteps>[0]['actor']) => photoUploadSteps({ db, blobs, actor, now: deps.now });

  route(app, endpoints.upload, async ({ actor, req }) => (await upload.receive(req, actor, steps(actor))).result);
  // The same upload, resumable (tus; Upload-Metadata carries the fields): it ends in the same steps.
  upload.resumable(photoUploadEndpoints, steps);

  route(app, endpoints.listForJob, async ({ actor, params, query }) => listPhotos({ db, actor, query, jobId: params.id }));
  route(app, endpoints.timeline, async ({ actor, query }) => listPhotos({ db, actor, query }));
  route(app, endpoints.get, async ({ actor, params }) => getPhoto({ db, actor, id: params.id }));
  route(app, endpoints.update, async ({ actor, params, body }) => updatePhoto({ db, actor, id: params.id, body }));
  route(app, endpoints.remove, async ({ actor, params }) => {
    await deletePhoto({ db, blobs, actor, id: params.id });
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
}
