import { endpointPath, PHOTO_IMAGE_URL_WINDOW_SECONDS, photoEndpoints } from '@fieldbook/contract';
import { readLink, signLink } from '../../platform/signed-link';
import type { TokenSigner } from '../../platform/tokens';

export type PhotoImageVariant = 'thumbnail' | 'original' | 'marked' | 'marked_thumbnail';
/**
 * A photo's signed image URLs, as its answers carry them; `marked`: its rendered markup's (the version in the URL, so
 * a browser's cached rendering of an older version is never shown for a newer one).
 */
export type PhotoImageLinks = ((photo: { id: string; hasThumbnail: boolean }) => { thumbnail_url: string | null; original_url: string }) & {
  marked: (markup: { id: string; version: number }) => { rendered_url: string; rendered_thumbnail_url: string };
};

const purpose = (variant: PhotoImageVariant) => `photo-${variant}`;

/**
 * Signed URLs for a photo's images (signed-link.ts: id.expiry.mac under a key per variant, nothing stored), so an
 * <img src> needs no session. The expiry is the end of the window after the current one: the URL stays the same for a
 * whole window (the browser's cache serves the grid again) and always works for at least one more window.
 */
export function photoImageLinks(signer: TokenSigner, now: () => Date): PhotoImageLinks {
  const links = (photo: { id: string; hasThumbnail: boolean }) => {
    const at = now();
    const nowSeconds = Math.floor(at.getTime() / 1000);
    const expires = (Math.floor(nowSeconds / PHOTO_IMAGE_URL_WINDOW_SECONDS) + 2) * PHOTO_IMAGE_URL_WINDOW_SECONDS;
    const url = (variant: PhotoImageVariant) =>
      endpointPath(photoEndpoints.image.path, { variant, token: signLink(signer, purpose(variant), photo.id, expires - nowSeconds, at).token });
    return { thumbnail_url: photo.hasThumbnail ? url('thumbnail') : null, original_url: url('original') };
  };
  return Object.assign(links, {
    marked: (markup: { id: string; version: number }) => {
      const at = now();
      const nowSeconds = Math.floor(at.getTime() / 1000);
      const expires = (Math.floor(nowSeconds / PHOTO_IMAGE_URL_WINDOW_SECONDS) + 2) * PHOTO_IMAGE_URL_WINDOW_SECONDS;
      const url = (variant: PhotoImageVariant) =>
        `${endpointPath(photoEndpoints.image.path, { variant, token: signLink(signer, purpose(variant), markup.id, expires - nowSeconds, at).token })}?v=${markup.version}`;
      return { rendered_url: url('marked'), rendered_thumbnail_url: url('marked_thumbnail') };
    },
  });
}

/** The photo id of a genuine image link, 'expired' past its time, null for anything else (forged, another variant). */
export function readPhotoImageLink(signer: TokenSigner, variant: PhotoImageVariant, token: string, now: Date): string | 'expired' | null {
  return readLink(signer, purpose(variant), token, now);
}
