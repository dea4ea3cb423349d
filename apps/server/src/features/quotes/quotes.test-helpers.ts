import { crc32, deflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/**
 * A PNG file from its parts, every chunk's CRC right: the header says `width` × `height` 8-bit RGBA, and `idat` is
 * the compressed data as given — so a test can send a file whose header or data lies while its framing is sound.
 */
export function pngFile(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** The filtered scanlines (filter 0) of an RGBA image: a dark stroke across a transparent field, or nothing (`blank`). */
function scanlines(width: number, height: number, blank = false): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width && !blank; x++) {
      const onStroke = Math.abs(y - Math.round(height / 2 + (height / 3) * Math.sin(x / 10))) <= 1;
      if (onStroke) row.set([20, 20, 40, 255], 1 + x * 4);
    }
    rows.push(row);
  }
  return Buffer.concat(rows);
}

export const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** A real PNG (RGBA, a dark stroke across a transparent field) as a data URL: what signature_pad's toDataURL() sends. */
export function signaturePng(width = 120, height = 40): string {
  return dataUrl(pngFile(width, height, deflateSync(scanlines(width, height))));
}

/** A fully transparent PNG: a signature pad's canvas with nothing drawn on it. */
export function blankSignaturePng(width = 300, height = 100): string {
  return dataUrl(pngFile(width, height, deflateSync(scanlines(width, height, true))));
}

/** A 120 × 40 PNG whose compressed data starts right and then breaks off into bytes no inflater accepts. */
export function corruptDeflatePng(): Buffer {
  const good = deflateSync(scanlines(120, 40));
  return pngFile(120, 40, Buffer.concat([good.subarray(0, 12), Buffer.alloc(64, 0xff)]));
}

/** A few hundred bytes whose header claims 60,000 × 60,000 pixels (14.4 GB as RGBA once decoded). */
export function absurdSizePng(): Buffer {
  return pngFile(60_000, 60_000, deflateSync(Buffer.alloc(4096)));
}
