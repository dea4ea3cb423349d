import { MAX_SIGNATURE_HEIGHT, MAX_SIGNATURE_WIDTH, QUOTE_SIGNATURE_BLANK, QUOTE_SIGNATURE_TOO_LARGE, QUOTE_SIGNATURE_UNREADABLE } from '@fieldbook/contract';
import { fieldError } from '../../platform/errors';
import { ImageTooLarge, readPng, UnreadableImage, type PngBounds } from '../../platform/untrusted';

/**
 * A signature is what a signature pad draws (MAX_SIGNATURE_WIDTH × MAX_SIGNATURE_HEIGHT at most), kept at 1200 × 400
 * at most: the signed PDF draws it in 240 × 80 points, so that is 5 pixels a point.
 */
const SIGNATURE_BOUNDS: PngBounds = { maxWidth: MAX_SIGNATURE_WIDTH, maxHeight: MAX_SIGNATURE_HEIGHT, fitWidth: 1200, fitHeight: 400 };

/** A stored signature the signed PDF cannot draw: the job gives up at once (the same image fails again). */
export class UnusableSignature extends Error {}

/**
 * The homeowner's drawn signature (the data URL) → the PNG to keep: read in a child process with limits
 * (platform/untrusted readPng) — its size from the header first, so an image larger than a pad draws is refused
 * before anything decodes it —, and kept as the clean copy written there, never as sent. Refused with a 400 on
 * `signature_png` when it is too large, cannot be read, or has no ink (nothing drawn).
 */
export async function readDrawnSignature(dataUrl: string): Promise<Buffer> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  let image;
  try {
    image = await readPng(bytes, SIGNATURE_BOUNDS);
  } catch (err) {
    if (err instanceof ImageTooLarge) throw fieldError('signature_png', QUOTE_SIGNATURE_TOO_LARGE(err.width, err.height));
    if (err instanceof UnreadableImage) throw fieldError('signature_png', QUOTE_SIGNATURE_UNREADABLE);
    throw err;
  }
  if (image.inkPixels === 0) throw fieldError('signature_png', QUOTE_SIGNATURE_BLANK);
  return image.png;
}

/**
 * A stored signature, read the same way again before the signed PDF draws it: approvals made before signatures were
 * read in a child (issue 32) keep the image as the homeowner's browser sent it, and pdfkit must only meet images we
 * wrote. Throws UnusableSignature for one that cannot be read.
 */
export async function signatureForPdf(storedBase64: string): Promise<Buffer> {
  try {
    return (await readPng(Buffer.from(storedBase64, 'base64'), SIGNATURE_BOUNDS)).png;
  } catch (err) {
    if (err instanceof ImageTooLarge || err instanceof UnreadableImage) throw new UnusableSignature(`The signature image cannot be drawn: ${err.message}`);
    throw err;
  }
}
