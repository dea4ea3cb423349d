import { createCanvas } from '@napi-rs/canvas';
import piexif from 'piexifjs';
import { deflateSync, crc32 } from 'node:zlib';

// piexifjs 1.0.6 predates EXIF 2.31's offset tags: teach it OffsetTimeOriginal (0x9011, ASCII) so tests can write one.
const OFFSET_TIME_ORIGINAL = 0x9011;
piexif.TAGS.Exif![OFFSET_TIME_ORIGINAL] = { name: 'OffsetTimeOriginal', type: 'Ascii' };

const dms = (value: number): [number, number][] => {
  const v = Math.abs(value);
  const d = Math.floor(v);
  const m = Math.floor((v - d) * 60);
  const s = Math.round(((v - d) * 60 - m) * 60 * 1000);
  return [[d, 1], [m, 1], [s, 1000]];
};

/**
 * A real JPEG of `width` × `height` (left half red, right half blue, so orientation shows), with EXIF written by
 * piexifjs: DateTimeOriginal ('YYYY:MM:DD HH:MM:SS'), its offset, GPS and orientation, each only when given.
 */
export async function jpegWithExif(opts: { width?: number; height?: number; taken?: string; offset?: string; lat?: number; lng?: number; orientation?: number } = {}): Promise<Buffer> {
  const width = opts.width ?? 800;
  const height = opts.height ?? 600;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ff0000';
  ctx.fillRect(0, 0, width / 2, height);
  ctx.fillStyle = '#0000ff';
  ctx.fillRect(width / 2, 0, width / 2, height);
  const jpeg = await canvas.encode('jpeg', 85);
  const zeroth: Record<number, unknown> = {};
  const exif: Record<number, unknown> = {};
  const gps: Record<number, unknown> = {};
  if (opts.orientation) zeroth[piexif.ImageIFD.Orientation!] = opts.orientation;
  if (opts.taken) exif[piexif.ExifIFD.DateTimeOriginal!] = opts.taken;
  if (opts.offset) exif[OFFSET_TIME_ORIGINAL] = opts.offset;
  if (opts.lat !== undefined && opts.lng !== undefined) {
    gps[piexif.GPSIFD.GPSLatitudeRef!] = opts.lat < 0 ? 'S' : 'N';
    gps[piexif.GPSIFD.GPSLatitude!] = dms(opts.lat);
    gps[piexif.GPSIFD.GPSLongitudeRef!] = opts.lng < 0 ? 'W' : 'E';
    gps[piexif.GPSIFD.GPSLongitude!] = dms(opts.lng);
  }
  return Buffer.from(piexif.insert(piexif.dump({ '0th': zeroth, Exif: exif, GPS: gps }), jpeg.toString('binary')), 'binary');
}

export async function plainPng(width: number, height: number): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').fillRect(0, 0, width, height);
  return canvas.encode('png');
}

const chunk = (type: string, body: Buffer) => {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const out = Buffer.alloc(12 + body.length);
  out.writeUInt32BE(body.length, 0);
  typed.copy(out, 4);
  out.writeUInt32BE(crc32(typed) >>> 0, 8 + body.length);
  return out;
};

/**
 * A PNG bomb: a valid header that claims `width` × `height` RGBA pixels (30,000² is 3.6 GB decoded) and a few KB of
 * compressed zeros — what a decoder would allocate before noticing the data is short.
 */
export function pngBomb(width = 30_000, height = 30_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const idat = deflateSync(Buffer.alloc(1024 * 1024));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}
