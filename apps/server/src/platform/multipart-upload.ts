import type { Readable } from 'node:stream';
import busboy, { type Busboy } from 'busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, fieldError, fileTooLargeError } from './errors';
import { NUL_IN_BODY } from './input-guards';

/** What a multipart request may add around the file itself (boundaries, part headers, the small fields). */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export type UploadPart =
  | { type: 'field'; fieldname: string; value: string }
  | { type: 'file'; fieldname: string | undefined; filename: string | undefined; mimetype: string; file: Readable };

export type Uploads = {
  isMultipart: (req: FastifyRequest) => boolean;
  /**
   * The request's parts in order. A file's stream must be read (or resumed) before the next part arrives; leaving
   * the loop early (throw or break) stops parsing and lets the rest of the body drain so the answer can be sent.
   */
  parts: (req: FastifyRequest) => AsyncGenerator<UploadPart, void, undefined>;
};

/**
 * Multipart uploads for the scope `app` (a feature's plugin): one file of at most `maxBytes`, enforced while
 * streaming, and a declared Content-Length over it refused with 413 before a byte of the body is read.
 *
 * Parsed with busboy 1.x, not @fastify/multipart: its @fastify/busboy 3 drains a part it skips (a name or file name
 * holding a line break — `filename*=UTF-8''a%0Ab.pdf` —, or a part that is not form-data) with `resume()` and no
 * reader; once the bytes pushed into it in one go reach the stream's highWaterMark (16 KiB on Node 20, 64 KiB on
 * Node 24) its parser pauses, and when that same write also held the closing boundary it never calls the write back:
 * the parts iterator never ended and the request was never answered. busboy 1.x reads skipped parts itself and
 * reports a raw line break in a part header as malformed; a decoded one in a file name is refused here.
 */
export async function registerUploads(app: FastifyInstance, opts: { path: string; maxBytes: number; fields: number; fieldSize: number }): Promise<Uploads> {
  const bodies = new WeakMap<FastifyRequest, Readable>();
  // The body stays unread until the handler (after the auth guard and its checks) asks for the parts.
  app.addContentTypeParser('multipart/form-data', (req, payload, done) => {
    bodies.set(req, payload);
    done(null, undefined);
  });
  app.addHook('onRequest', async (req) => {
    if (req.method !== 'POST' || req.routeOptions.url !== opts.path) return;
    const length = Number(req.headers['content-length']);
    if (Number.isFinite(length) && length > opts.maxBytes + MULTIPART_OVERHEAD_BYTES) throw fileTooLargeError(opts.maxBytes);
  });
  return {
    isMultipart: (req) => bodies.has(req),
    parts: (req) => {
      const body = bodies.get(req);
      if (!body) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the upload as multipart/form-data');
      bodies.delete(req);
      return readParts(req, body, opts);
    },
  };
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

async function* readParts(req: FastifyRequest, body: Readable, opts: { maxBytes: number; fields: number; fieldSize: number }): AsyncGenerator<UploadPart, void, undefined> {
  let parser: Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      // File names as browsers send them: UTF-8 (busboy's default for parameters is latin1).
      defParamCharset: 'utf8',
      limits: { fileSize: opts.maxBytes, files: 1, fields: opts.fields, fieldSize: opts.fieldSize, parts: opts.fields + 1 },
    });
  } catch (err) {
    throw new AppError('BAD_REQUEST', `The upload is not valid multipart/form-data: ${(err as Error).message}`);
  }

  const queue: UploadPart[] = [];
  let failure: AppError | null = null;
  let ended = false;
  let currentFile = null as Readable | null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  const fail = (err: AppError) => {
    if (failure) return;
    failure = err;
    // A file being read when parsing fails would otherwise wait for bytes that never come.
    if (currentFile && !currentFile.readableEnded) currentFile.destroy(err);
    notify();
  };

  parser.on('field', (name, value, info) => {
    if (!isSafeName(name)) return fail(new AppError('BAD_REQUEST', 'A field name of the upload is not allowed'));
    if (info.valueTruncated) return fail(fieldError(name, `The field "${name}" is too long (at most ${opts.fieldSize} characters)`));
    if (value.includes('\u0000')) return fail(fieldError(name, `The field "${name}": ${NUL_IN_BODY}`));
    queue.push({ type: 'field', fieldname: name, value });
    notify();
  });
  parser.on('file', (name, file, info) => {
    // A reader that stopped (resume) gets no error event it does not listen to.
    file.on('error', () => {});
    if (info.filename !== undefined && CONTROL_CHARACTERS.test(info.filename)) {
      file.resume();
      return fail(fieldError('file', 'The file name contains a line break or another control character: rename the file and upload it again'));
    }
    if (name !== undefined && !isSafeName(name)) {
      file.resume();
      return fail(new AppError('BAD_REQUEST', 'A field name of the upload is not allowed'));
    }
    // Cut at the size limit: the reader fails at once instead of storing a truncated file.
    file.on('limit', () => file.destroy(fileTooLargeError(opts.maxBytes)));
    currentFile = file;
    queue.push({ type: 'file', fieldname: name, filename: info.filename, mimetype: info.mimeType, file });
    notify();
  });
  parser.on('filesLimit', () => fail(fieldError('file', 'Send one file, in the field "file"')));
  parser.on('fieldsLimit', () => fail(new AppError('BAD_REQUEST', `The upload has too many fields (at most ${opts.fields})`)));
  parser.on('partsLimit', () => fail(new AppError('BAD_REQUEST', `The upload has too many fields (at most ${opts.fields})`)));
  parser.on('error', (err: Error) => fail(multipartError(err)));
  parser.on('close', () => {
    ended = true;
    notify();
  });
  body.on('error', () => fail(new AppError('BAD_REQUEST', 'The upload was cut off')));
  body.on('close', () => {
    if (!body.readableEnded) fail(new AppError('BAD_REQUEST', 'The upload was cut off'));
  });
  body.pipe(parser);

  try {
    for (;;) {
      if (failure) throw failure;
      const next = queue.shift();
      if (next) {
        yield next;
        continue;
      }
      if (ended) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    if (!ended) {
      // Stop parsing; the rest of the body is read and dropped so the answer reaches the client.
      body.unpipe(parser);
      parser.on('error', () => {});
      if (currentFile && !currentFile.readableEnded) currentFile.destroy();
      body.resume();
    }
  }
}

/** Field names become object keys in the routes: no prototype names, no control characters. */
function isSafeName(name: string): boolean {
  return !CONTROL_CHARACTERS.test(name) && !(name in Object.prototype);
}

function multipartError(err: Error): AppError {
  if (/malformed part header/i.test(err.message)) {
    return new AppError('BAD_REQUEST', 'The upload is not valid multipart/form-data: a part header is malformed (a file or field name may not contain a line break)');
  }
  if (/unexpected end/i.test(err.message)) return new AppError('BAD_REQUEST', 'The upload was cut off or is not valid multipart/form-data');
  return new AppError('BAD_REQUEST', `The upload is not valid multipart/form-data: ${err.message}`);
}

/**
 * The error an upload's multipart loop threw, as the API answers it: 413 for a file cut at the size limit (also when
 * the store saw the stream fail with it), anything else unchanged.
 */
export function uploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const cause = (err as { cause?: unknown } | null)?.cause;
  if (cause instanceof AppError) return cause;
  if ((err as { code?: string } | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE') return new AppError('BAD_REQUEST', 'The upload was cut off');
  if (err instanceof Error && /multipart|part header|end of form/i.test(err.message)) return new AppError('BAD_REQUEST', 'The upload was cut off or is not valid multipart/form-data');
  return err;
}
