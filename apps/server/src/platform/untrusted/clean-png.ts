import { crc32, inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';

/** What a PNG may be and what is made of it (png.ts `readPng`). */
export type PngBounds = {
  /** Larger images are refused (the header is read first; nothing is decoded). */
  maxWidth: number;
  maxHeight: number;
  /** The copy made is scaled down to fit this box (never up). */
  fitWidth: number;
  fitHeight: number;
};

export type CleanPng = {
  /** The copy, base64: 8-bit RGBA written here (pngjs), with nothing of the original's other chunks. */
  png: string;
  width: number;
  height: number;
  /** The original's size. */
  source: { width: number; height: number };
  /** Pixels of the original that show on white paper (opaque enough and darker than the paper): 0 for a blank image. */
  inkPixels: number;
};

/** A pixel is ink when at least this opaque… */
const INK_ALPHA = 32;
/** …and darker than this (luma, 0–255): white or nearly white strokes do not show on paper. */
const INK_LUMA = 224;

/**
 * Decodes a PNG completely (any colour type, bit depth, palette, interlacing — pngjs, pure JavaScript) and writes a
 * clean copy of it: only the pixels, scaled down to fit the bounds' box. Throws on a file that does not decode. Runs
 * in the untrusted-file child (png-child.ts), never in the server.
 */
export function cleanPng(bytes: Buffer, bounds: PngBounds): CleanPng {
  checkCompressedData(bytes, bounds);
  const image = PNG.sync.read(bytes, { checkCRC: true });
  const { width, height, data } = image;
  if (!(width > 0 && height > 0 && width <= bounds.maxWidth && height <= bounds.maxHeight)) throw new Error(`The image is ${width} × ${height} pixels`);
  if (data.length !== width * height * 4) throw new Error('The image data is incomplete');
  let inkPixels = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3]! >= INK_ALPHA && (data[i]! * 299 + data[i + 1]! * 587 + data[i + 2]! * 114) / 1000 < INK_LUMA) inkPixels += 1;
  }
  const scale = Math.min(1, bounds.fitWidth / width, bounds.fitHeight / height);
  const out = new PNG({ width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) });
  out.data = scale === 1 ? Buffer.from(data) : scaleDown(data, width, height, out.width, out.height);
  return { png: PNG.sync.write(out, { colorType: 6 }).toString('base64'), width: out.width, height: out.height, source: { width, height }, inkPixels };
}

/** RGBA scaled down by averaging each target pixel's source area (alpha-weighted, so transparent pixels add no colour). */
function scaleDown(src: Buffer, width: number, height: number, toWidth: number, toHeight: number): Buffer {
  const out = Buffer.alloc(toWidth * toHeight * 4);
  for (let ty = 0; ty < toHeight; ty++) {
    const y0 = Math.floor((ty * height) / toHeight);
    const y1 = Math.max(y0 + 1, Math.floor(((ty + 1) * height) / toHeight));
    for (let tx = 0; tx < toWidth; tx++) {
      const x0 = Math.floor((tx * width) / toWidth);
      const x1 = Math.max(x0 + 1, Math.floor(((tx + 1) * width) / toWidth));
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = (y * width + x) * 4;
          const alpha = src[i + 3]!;
          r += src[i]! * alpha;
          g += src[i + 1]! * alpha;
          b += src[i + 2]! * alpha;
          a += alpha;
        }
      }
      const o = (ty * toWidth + tx) * 4;
      const count = (y1 - y0) * (x1 - x0);
      if (a > 0) out.set([Math.round(r / a), Math.round(g / a), Math.round(b / a), Math.round(a / count)], o);
    }
  }
  return out;
}

/** Channels per pixel by colour type: grey, -, RGB, palette, grey + alpha, -, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7's passes: first column and row, column and row steps. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * Every chunk's framing and CRC, and the image data inflated exactly to the size the header implies — or a throw.
 * pngjs's own synchronous inflater ignores a corrupt stream and hands on whatever its output buffer (allocated
 * unsafely) held: a damaged file would decode to noise, a different noise each time, instead of failing.
 */
function checkCompressedData(bytes: Buffer, bounds: PngBounds): void {
  let header: { width: number; height: number; depth: number; colorType: number; interlace: number } | null = null;
  const data: Buffer[] = [];
  let at = 8;
  let ended = false;
  while (!ended) {
    if (at + 12 > bytes.length) throw new Error('The PNG ends before its IEND chunk');
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > bytes.length) throw new Error(`The PNG's ${type} chunk runs past its end`);
    if ((crc32(bytes.subarray(at + 4, at + 8 + length)) >>> 0) !== bytes.readUInt32BE(at + 8 + length)) throw new Error(`The PNG's ${type} chunk is damaged (CRC)`);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      if (header || length !== 13 || at !== 8) throw new Error('The PNG header is not valid');
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8]!, colorType: body[9]!, interlace: body[12]! };
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') ended = true;
    at += 12 + length;
  }
  if (!header || data.length === 0) throw new Error('The PNG has no image data');
  const { width, height, depth, colorType, interlace } = header;
  const channels = CHANNELS[colorType];
  if (!(width > 0 && height > 0 && width <= bounds.maxWidth && height <= bounds.maxHeight)) throw new Error(`The image is ${width} × ${height} pixels`);
  if (!channels || ![1, 2, 4, 8, 16].includes(depth) || interlace > 1) throw new Error('The PNG header is not valid');
  // Each row: a filter byte, then its pixels' bits rounded up to whole bytes.
  const rowBytes = (columns: number) => 1 + Math.ceil((columns * channels * depth) / 8);
  const expected =
    interlace === 0
      ? height * rowBytes(width)
      : ADAM7.reduce((sum, [x0, y0, dx, dy]) => {
          const columns = Math.ceil((width - x0) / dx);
          const rows = Math.ceil((height - y0) / dy);
          return columns > 0 && rows > 0 ? sum + rows * rowBytes(columns) : sum;
        }, 0);
  // Throws on a damaged or cut stream, and on one that inflates past the image's size.
  const inflated = inflateSync(Buffer.concat(data), { maxOutputLength: expected });
  if (inflated.length !== expected) throw new Error('The PNG image data is incomplete');
}
