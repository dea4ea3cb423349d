/**
 * The photo child (started by thumbnails.ts and markup-job.ts through platform/untrusted's runInChild, one per photo,
 * with their limits): the image's size from its header first (over maxPixels: refused, nothing decoded), then decoded
 * with @napi-rs/canvas — whose decoder (Skia) already turns the image upright for its EXIF orientation —, and either
 * scaled to `edge` on the long side and encoded as a JPEG (the thumbnail), or, for a markup request, drawn with the
 * markup over it (markup-draw.ts).
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { imageSize, ProcessingStopped, serveInChild } from '../../platform/untrusted/child';
import { renderMarkup } from './markup-draw';
import { splitMarkupInput, type MarkupRenderReply, type MarkupRenderRequest } from './markup-render';
import { isQuarterTurn, thumbnailSize, type ThumbnailReply, type ThumbnailRequest } from './thumbnail';

/** The image decoded upright, once its header is within the limit and its data matches the header. */
async function decodeUpright(request: Pick<ThumbnailRequest, 'kind' | 'orientation' | 'maxPixels'>, bytes: Buffer) {
  const header = imageSize(request.kind, bytes);
  if (!header || header.width === 0 || header.height === 0) throw new Error('The image header cannot be read');
  if (header.width * header.height > request.maxPixels) throw new ProcessingStopped(`The image is ${header.width} × ${header.height} pixels`);
  const image = await loadImage(bytes);
  // The decoder's size must be the header's — turned, for a quarter-turn EXIF orientation Skia applied (it does for
  // JPEG; the EXIF of another kind may go unapplied, and the size answered is then the image as drawn): a file that
  // claims one size and holds another is refused.
  const turned = isQuarterTurn(request.orientation) && image.width === header.height && image.height === header.width;
  if (!turned && (image.width !== header.width || image.height !== header.height)) throw new Error(`The image data (${image.width} × ${image.height}) does not match its header`);
  return image;
}

serveInChild<ThumbnailRequest | MarkupRenderRequest, ThumbnailReply | MarkupRenderReply>(async (request, input) => {
  if ('op' in request && request.op === 'markup') {
    const { shapes, image } = splitMarkupInput(input);
    return renderMarkup(await decodeUpright(request, image), shapes, request);
  }
  const image = await decodeUpright(request, input);
  const size = thumbnailSize(image.width, image.height, request.edge);
  const canvas = createCanvas(size.width, size.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff'; // a transparent PNG shows on white, as JPEG has no alpha
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.drawImage(image, 0, 0, size.width, size.height);
  const jpeg = await canvas.encode('jpeg', request.quality);
  return { jpeg: jpeg.toString('base64'), width: size.width, height: size.height, source: { width: image.width, height: image.height } };
});
