/**
 * The marked-up rendering, as the child makes it (thumbnail-child.ts, markup-draw.ts): shared types and the framing of
 * its input, so the server and the child agree without the server importing the decoder.
 */
import type { MarkupShape } from '@fieldbook/contract';
import type { PhotoKind } from './photo-kind';

export type MarkupRenderRequest = { op: 'markup'; kind: PhotoKind; orientation: number; edge: number; thumbnailEdge: number; maxPixels: number; quality: number };
/** The rendered JPEG and its thumbnail as base64, with their sizes. */
export type MarkupRenderReply = { jpeg: string; width: number; height: number; thumbnail: string };

/**
 * The child's input: the shapes (JSON, after a 4-byte big-endian length), then the original's bytes. The shapes go
 * through stdin, not the request argument: 10,000 points of JSON would pass the kernel's limit on one argument (128 KB).
 */
export function markupInputHead(shapes: readonly MarkupShape[]): Buffer {
  const json = Buffer.from(JSON.stringify(shapes), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length, 0);
  return Buffer.concat([length, json]);
}

export function splitMarkupInput(input: Buffer): { shapes: MarkupShape[]; image: Buffer } {
  const length = input.readUInt32BE(0);
  return { shapes: JSON.parse(input.subarray(4, 4 + length).toString('utf8')) as MarkupShape[], image: input.subarray(4 + length) };
}
