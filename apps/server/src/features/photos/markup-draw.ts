/**
 * Draws a photo's markup onto its decoded image, in the child (thumbnail-child.ts): the drawing instructions are the
 * contract's markupDrawings — the same paths the web's editor shows —, scaled from the markup space onto the canvas.
 */
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts, Path2D, type Image } from '@napi-rs/canvas';
import { MARKUP_FONT_FAMILY, markupDrawings, markupSpace, type MarkupShape } from '@fieldbook/contract';
import { thumbnailSize } from './thumbnail';
import type { MarkupRenderReply, MarkupRenderRequest } from './markup-render';

let fontReady = false;
/** Text draws with DejaVu Sans (the PDFs' font, from dejavu-fonts-ttf): the child has no system fonts to rely on. */
function registerFont(): void {
  if (fontReady) return;
  GlobalFonts.registerFromPath(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'), MARKUP_FONT_FAMILY);
  fontReady = true;
}

/** The image (upright) scaled to `request.edge`, the markup over it; a JPEG and its thumbnail. */
export async function renderMarkup(image: Image, shapes: readonly MarkupShape[], request: MarkupRenderRequest): Promise<MarkupRenderReply> {
  const size = thumbnailSize(image.width, image.height, request.edge);
  const canvas = createCanvas(size.width, size.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff'; // a transparent PNG shows on white, as JPEG has no alpha
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.drawImage(image, 0, 0, size.width, size.height);
  const space = markupSpace(size.width, size.height);
  ctx.save();
  ctx.scale(size.width / space.width, size.height / space.height);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const drawing of markupDrawings(shapes, space)) {
    if (drawing.kind === 'stroke') {
      ctx.strokeStyle = drawing.color;
      ctx.lineWidth = drawing.lineWidth;
      ctx.stroke(new Path2D(drawing.path));
    } else if (drawing.kind === 'fill') {
      ctx.fillStyle = drawing.color;
      ctx.fill(new Path2D(drawing.path));
    } else {
      registerFont();
      ctx.font = `${drawing.fontSize}px "${MARKUP_FONT_FAMILY}"`;
      ctx.textBaseline = 'alphabetic';
      ctx.strokeStyle = drawing.halo;
      ctx.lineWidth = drawing.haloWidth;
      ctx.strokeText(drawing.text, drawing.x, drawing.y);
      ctx.fillStyle = drawing.color;
      ctx.fillText(drawing.text, drawing.x, drawing.y);
    }
  }
  ctx.restore();
  const jpeg = await canvas.encode('jpeg', request.quality);
  const thumb = thumbnailSize(size.width, size.height, request.thumbnailEdge);
  const small = createCanvas(thumb.width, thumb.height);
  small.getContext('2d').drawImage(canvas, 0, 0, thumb.width, thumb.height);
  const thumbnail = await small.encode('jpeg', request.quality);
  return { jpeg: jpeg.toString('base64'), width: size.width, height: size.height, thumbnail: thumbnail.toString('base64') };
}
