import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BlobStore, ByteRange } from './blob-store';
import { AppError } from './errors';

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range; null without a (usable) Range header. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** RFC 6266: an ASCII fallback name and the exact one, UTF-8 encoded. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Sends a blob with its headers: 206 and Content-Range for a range, else 200; inline or as an attachment. */
export function sendBlob(reply: FastifyReply, b: { body: NodeJS.ReadableStream; size: number; range: ByteRange | null; contentType: string; fileName: string; download: boolean }) {
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', b.contentType)
    .header('content-disposition', contentDisposition(b.download ? 'attachment' : 'inline', b.fileName))
    .header('cache-control', 'private, no-store');
  if (b.range) {
    reply.status(206).header('content-range', `bytes ${b.range.start}-${b.range.end}/${b.size}`).header('content-length', b.range.end - b.range.start + 1);
  } else {
    reply.status(200).header('content-length', b.size);
  }
  return reply.send(b.body);
}

/**
 * A stored blob answered with HTTP ranges (seeking in a PDF or a long call): 416 for a range past its end, 404 with
 * `missing` when the store no longer has it.
 */
export async function serveBlob(opts: { blobs: BlobStore; req: FastifyRequest; reply: FastifyReply; key: string; contentType: string; fileName: string; download: boolean; missing: string }) {
  const { blobs, req, reply } = opts;
  const size = await blobs.size(opts.key);
  if (size === null) throw new AppError('NOT_FOUND', opts.missing);
  const range = parseRange(req.headers.range, size);
  if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${size}`).send();
  const blob = await blobs.get(opts.key, range ?? undefined);
  if (!blob) throw new AppError('NOT_FOUND', opts.missing);
  return sendBlob(reply, { body: blob.body, size, range, contentType: opts.contentType, fileName: opts.fileName, download: opts.download });
}
