import { photoOutputEndpoints as endpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import { CLIENT_LINK_WINDOW_MS, GALLERY_LINKS, limitClientLinks, publicPrefixOf, signedClientLinkId } from '../../platform/client-links';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { createRateLimiter, enforceRateLimit } from '../../platform/rate-limit';
import { serveBlob } from '../../platform/serve-blob';
import { largeCopyOf } from './gallery-images';
import { markedImageKey, renderedPhotoKeys } from './markup.service';
import { createGallery, galleryPhoto, listGalleries, markGalleryViewed, revokeGallery, viewGallery } from './gallery.service';

/** How long a browser may keep a gallery image: a revoked link's images stop within this in a browser that had them. */
const IMAGE_CACHE_SECONDS = 600;

/** Shared galleries (issue 35): the office's create, list and revoke, and the client's page at /g/:token. */
export async function galleryRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db, signer } = deps;
  const galleryDeps = { db, signer, publicUrl: deps.config.publicUrl, now: deps.now };

  route(app, endpoints.createGallery, async ({ actor, params, body }) => createGallery({ ...galleryDeps, actor, jobId: params.id, body }));
  route(app, endpoints.listGalleries, async ({ actor, params }) => listGalleries({ ...galleryDeps, actor, jobId: params.id }));
  route(app, endpoints.revokeGallery, async ({ actor, params }) => revokeGallery({ ...galleryDeps, actor, id: params.id }));

  // The client's page, by the signed link alone (the client side's one home, platform/client-links.ts): counted per
  // address over every client link and, for a genuine link, per gallery, before anything is read.
  limitClientLinks(app, {
    db,
    signer,
    now: deps.now,
    kind: GALLERY_LINKS,
    apiPrefix: publicPrefixOf(endpoints.publicGallery.path),
    perAddress: deps.config.authRateLimit,
    perItem: deps.config.quoteLinkRateLimit,
    perItemName: 'gallery-link',
  });
  route(app, endpoints.publicGallery, async ({ params }) => viewGallery(galleryDeps, params.token));
  route(app, endpoints.publicGalleryViewed, async ({ params }) => markGalleryViewed(galleryDeps, params.token));

  // Its images live under another prefix: a page of 200 thumbnails would spend the per-address allowance that bounds
  // guesses at links. A guess here costs a MAC check and reads nothing (galleryOfLink); a genuine link's images are
  // counted per gallery, with room for a full gallery's thumbnails and large views many times over.
  const perGallery = createRateLimiter({ db, name: 'gallery-images', limit: deps.config.quoteLinkRateLimit * 20, windowMs: CLIENT_LINK_WINDOW_MS, now: deps.now });
  const imagePaths = new WeakSet<object>();
  app.addHook('onSend', async (req, reply, payload) => {
    if (imagePaths.has(req) && reply.statusCode < 300) reply.header('cache-control', `private, max-age=${IMAGE_CACHE_SECONDS}`);
    return payload;
  });
  route(app, endpoints.publicGalleryImage, async ({ req, reply, params }) => {
    const id = signedClientLinkId(signer, GALLERY_LINKS, params.token, deps.now());
    if (id) await enforceRateLimit(perGallery, id, { message: (retryIn) => `Too many requests for this gallery link. Try again in ${retryIn}.` });
    const { photo } = await galleryPhoto(galleryDeps, params.token, params.photo_id);
    // Never the original's bytes: every picture shared is one the bounded child encoded, without EXIF — the photo's
    // markup rendering when its current markup is drawn (markup.service), else its thumbnail or its large copy.
    const marked = (await renderedPhotoKeys(db, photo.workspaceId, [photo.id])).get(photo.id);
    const key =
      params.variant === 'thumbnail'
        ? ((marked && (await markedImageKey(db, 'marked_thumbnail', photo.id))) ?? photo.thumbnailKey!)
        : (marked?.key ?? (await largeCopyOf(deps.blobs, photo)));
    imagePaths.add(req);
    return serveBlob({ blobs: deps.blobs, req, reply, key, contentType: 'image/jpeg', fileName: `photo-${photo.id}-${params.variant}.jpg`, download: false, missing: 'The photo’s file is missing on the server' });
  });
}
