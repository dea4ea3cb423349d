import { crc32, createDeflate } from 'node:zlib';

/**
 * Files made to cost far more to read than to send (issue 22 item 2), written byte by byte here so the tests show
 * exactly what they hold.
 */

/**
 * A PDF of `count` empty pages in one flat page tree (the pages inherit their size from it), with a correct xref:
 * 200,000 pages are ~13 MB. PDF.js keeps every page's entry when it opens it and copies the Kids array for each page
 * it fetches: read whole, it takes gigabytes.
 */
export function manyPagesPdf(count: number, mediaBox = '0 0 612 792'): Buffer {
  const parts: string[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (text: string) => {
    parts.push(text);
    length += text.length; // ASCII only
  };
  const object = (n: number, body: string) => {
    offsets[n] = length;
    push(`${n} 0 obj\n${body}\nendobj\n`);
  };
  push('%PDF-1.4\n');
  object(1, '<</Type/Catalog/Pages 2 0 R>>');
  const kids = Array.from({ length: count }, (_, i) => `${i + 3} 0 R`).join(' ');
  object(2, `<</Type/Pages/Count ${count}/MediaBox[${mediaBox}]/Kids[${kids}]>>`);
  for (let i = 0; i < count; i += 1) object(i + 3, '<</Type/Page/Parent 2 0 R>>');
  const xref = length;
  const size = count + 3;
  const rows = ['0000000000 65535 f \n'];
  for (let n = 1; n < size; n += 1) rows.push(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  push(`xref\n0 ${size}\n${rows.join('')}trailer\n<</Size ${size}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.from(parts.join(''), 'latin1');
}

/** A one-page PDF whose page is `width` × `height` points (~300 bytes). */
export const bigPagePdf = (width: number, height: number) => manyPagesPdf(1, `0 0 ${width} ${height}`);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid grayscale PNG of width × height black pixels: its image data is deflated zeros, about 1 KB per million
 * pixels (30,000 × 30,000 is ~875 KB that decode to 900 MB, and to gigabytes inside a decoder working in RGBA).
 */
export async function bigPng(width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grayscale
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const rows = 256;
  const block = Buffer.alloc((width + 1) * rows); // each row: filter byte 0, then the pixels
  for (let y = 0; y < height; y += rows) {
    const chunk = y + rows <= height ? block : block.subarray(0, (width + 1) * (height - y));
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', Buffer.concat(out)), pngChunk('IEND', Buffer.alloc(0))]);
}
