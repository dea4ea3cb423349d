import { photoEndpoints as endpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import type { PhotoImageLinks } from './image-links';
import { saveMarkup } from './markup.service';
import { getPhoto, getPhotoRow } from './photos.service';

/**
 * PUT /api/photos/:id/markup (photoEndpoints.putMarkup): any member of the workspace marks up its photos. Another
 * workspace's photo is a 404 (getPhotoRow), a save drawn on an older version a 409; the answer is the photo with its
 * markup, 'rendering' until the render job (markup-job.ts) has drawn it.
 */
export function markupRoutes(app: FastifyInstance, deps: FeatureDeps & { links: PhotoImageLinks }): void {
  const { db, blobs, links } = deps;
  route(app, endpoints.putMarkup, async ({ actor, params, body }) => {
    const row = await getPhotoRow({ db, actor, id: params.id });
    await saveMarkup({ db, blobs, actor, photoId: row.id, body });
    return getPhoto({ db, links, actor, id: row.id });
  });
}
