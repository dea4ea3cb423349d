import type { CleanPng, PngBounds } from './clean-png';
import { imageSize } from './image-size';
import { ChildFailed, ProcessingStopped, type ChildLimits } from './limits';
import { childGate, runInChild, type ChildEntry } from './run-in-child';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG within its bounds decodes in milliseconds; the time is mostly the child's start on a busy machine. */
export const PNG_CHILD_LIMITS: ChildLimits = { timeoutMs: 15_000, heapMb: 128, memoryMb: 384 };

const PNG_CHILD: ChildEntry = { built: 'untrusted-png.js', source: new URL('./png-child.ts', import.meta.url) };

/** Two images read at once per process, sixteen waiting: past that, 503 (each reading is a child of tens of MB). */
const gate = childGate({ running: 2, waiting: 16, busyMessage: 'Too many images are being read right now. Try again in a moment.' });

/** Not a PNG that can be read: not one at all, damaged, or one whose reading reached a limit. */
export class UnreadableImage extends Error {}

/** The header says more pixels than allowed: refused before anything decodes the image. */
export class ImageTooLarge extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`The image is ${width} × ${height} pixels`);
  }
}

export type ReadPng = Omit<CleanPng, 'png'> & { png: Buffer };

/**
 * An untrusted PNG, read the one way the server reads one: its size from the header first (over `bounds`:
 * ImageTooLarge, nothing decoded), then decoded completely in a child process with limits (PNG_CHILD_LIMITS), which
 * answers a clean copy — only the pixels, written by us, scaled to fit the bounds' box — and how many pixels of ink it
 * has. Keep the copy, never the original: whatever later draws it (pdfkit) only ever meets images we wrote. Throws
 * UnreadableImage for a file that is not a readable PNG; AppError UNAVAILABLE when too many are being read at once.
 */
export async function readPng(bytes: Buffer, bounds: PngBounds): Promise<ReadPng> {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) throw new UnreadableImage('Not a PNG image');
  const size = imageSize('png', bytes);
  if (!size || size.width === 0 || size.height === 0) throw new UnreadableImage('The PNG header cannot be read');
  if (size.width > bounds.maxWidth || size.height > bounds.maxHeight) throw new ImageTooLarge(size.width, size.height);
  try {
    const { reply } = await gate(() => runInChild<CleanPng>({ entry: PNG_CHILD, request: bounds, input: bytes, limits: PNG_CHILD_LIMITS }));
    return { ...reply, png: Buffer.from(reply.png, 'base64') };
  } catch (err) {
    // The file's fault (it does not decode, or took more than an image of its size can): the same file fails again.
    if (err instanceof ChildFailed || err instanceof ProcessingStopped) throw new UnreadableImage(err.message);
    throw err;
  }
}
