import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BlobStore, ByteRange } from '../../platform/blob-store';
import { AppError } from '../../platform/errors';
import type { DocumentRow } from './documents.repository';

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

/** A document's bytes (HTTP ranges), as the content route and a shared link answer them. */
export async function serveDocument(opts: { blobs: BlobStore; req: FastifyRequest; reply: FastifyReply; row: DocumentRow; download: boolean }) {
  const { blobs, req, reply, row } = opts;
  if (row.storageType !== 'server' || !row.storageKey) throw new AppError('NOT_FOUND', 'This document is stored in Google Drive, not on this server');
  const size = await blobs.size(row.storageKey);
  if (size === null) throw new AppError('NOT_FOUND', 'Document not found on the server');
  const range = parseRange(req.headers.range, size);
  if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${size}`).send();
  const blob = await blobs.get(row.storageKey, range ?? undefined);
  if (!blob) throw new AppError('NOT_FOUND', 'Document not found on the server');
  return sendBlob(reply, { body: blob.body, size, range, contentType: row.mimeType ?? 'application/octet-stream', fileName: row.name, download: opts.download });
}

function sendBlob(reply: FastifyReply, b: { body: NodeJS.ReadableStream; size: number; range: ByteRange | null; contentType: string; fileName: string; download: boolean }) {
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
