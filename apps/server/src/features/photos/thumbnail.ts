/**
 * The thumbnail, as the child makes it (thumbnail-child.ts): shared types and the pure geometry, so the server and
 * the child agree without the server importing the decoder.
 */
import type { PhotoKind } from './photo-kind';

export type ThumbnailRequest = { kind: PhotoKind; orientation: number; edge: number; maxPixels: number; quality: number };
/** The JPEG as base64, its size, and the original's size as displayed (orientation applied). */
export type ThumbnailReply = { jpeg: string; width: number; height: number; source: { width: number; height: number } };

/** EXIF orientations 5–8 turn the image a quarter: width and height swap when it is displayed. */
export const isQuarterTurn = (orientation: number) => orientation >= 5 && orientation <= 8;

/** The thumbnail's size for an image of `width` × `height` (as stored): fits `edge` on the long side, never scaled up. */
export function thumbnailSize(width: number, height: number, edge: number): { width: number; height: number } {
  const scale = Math.min(1, edge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
