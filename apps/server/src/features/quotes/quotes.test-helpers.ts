import { crc32, deflateSync } from 'node:zlib';

/** A real PNG (RGBA, a dark stroke across a white-transparent field) as a data URL: what signature_pad's toDataURL() sends. */
export function signaturePng(width = 120, height = 40): string {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4); // filter 0
    for (let x = 0; x < width; x++) {
      const onStroke = Math.abs(y - Math.round(height / 2 + (height / 3) * Math.sin(x / 10))) <= 1;
      if (onStroke) row.set([20, 20, 40, 255], 1 + x * 4);
    }
    rows.push(row);
  }
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
  return `data:image/png;base64,${png.toString('base64')}`;
}
