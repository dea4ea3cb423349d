import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AppError, fileTooLargeError } from './errors';

/** What a multipart request may add around the file itself (boundaries, part headers, the small fields). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Multipart uploads for the scope `app` (a feature's plugin): one file of at most `maxBytes`, enforced while
 * streaming, and a declared Content-Length over it refused with 413 before a byte of the body is read.
 */
export async function registerUploads(app: FastifyInstance, opts: { path: string; maxBytes: number; fields: number; fieldSize: number }): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: opts.maxBytes, files: 1, fields: opts.fields, fieldSize: opts.fieldSize, parts: opts.fields + 1 },
    throwFileSizeLimit: true,
  });
  app.addHook('onRequest', async (req) => {
    if (req.method !== 'POST' || req.routeOptions.url !== opts.path) return;
    const length = Number(req.headers['content-length']);
    if (Number.isFinite(length) && length > opts.maxBytes + MULTIPART_OVERHEAD_BYTES) throw fileTooLargeError(opts.maxBytes);
  });
}

/**
 * The error an upload's multipart loop threw, as the API answers it: 413 for a file cut at the size limit, 400 for a
 * body that is not the multipart it claims to be (or ends early), anything else unchanged.
 */
export function uploadError(err: unknown, maxBytes: number): unknown {
  if ((err as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLargeError(maxBytes);
  if (err instanceof Error && !(err instanceof AppError) && /multipart|part header|end of form|boundary/i.test(err.message)) {
    return new AppError('BAD_REQUEST', 'The upload was cut off or is not valid multipart/form-data');
  }
  return err;
}
