/**
 * An image's width and height read from its header, without decoding it: a PNG's IHDR, a JPEG's frame header (SOFn),
 * a WebP's VP8/VP8L/VP8X header.
 * Decoders allocate width × height pixels before reading the data, so a few hundred compressed bytes that claim
 * 30,000 × 30,000 pixels cost gigabytes; the size is checked before anything decodes the image. Null when the
 * header cannot be read (the decoder then says the file is damaged).
 */
export function imageSize(kind: 'png' | 'jpg' | 'webp', bytes: Buffer): { width: number; height: number } | null {
  return kind === 'png' ? pngSize(bytes) : kind === 'webp' ? webpSize(bytes) : jpegSize(bytes);
}

/** RIFF....WEBP, then the first chunk: VP8X (canvas size, 24-bit minus one), VP8L (14-bit minus one), or VP8 (14-bit). */
function webpSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 30 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') {
    // Frame tag (3 bytes), start code 9d 01 2a, then width and height (14 bits each, 2 bits of scale).
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  return null;
}

function pngSize(bytes: Buffer): { width: number; height: number } | null {
  // Signature (8 bytes), then the IHDR chunk: length (4), type (4), width (4), height (4).
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic…): C0–CF except DHT (C4), JPG (C8), DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes, and markers without a length (TEM, RSTn).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (isStartOfFrame(marker)) {
      // Segment: length (2), precision (1), height (2), width (2).
      if (at + 9 > bytes.length) return null;
      return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
    }
    if (marker === 0xda || length < 2) return null; // image data before any frame header: not a JPEG we can size
    at += 2 + length;
  }
  return null;
}
