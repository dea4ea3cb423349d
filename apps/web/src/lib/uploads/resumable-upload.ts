import { endpointPath, RESUMABLE_UPLOAD_MIN_BYTES, RESUMABLE_UPLOADS, UPLOAD_RESULT_HEADER } from '@fieldbook/contract';
import { Upload, type DetailedError } from 'tus-js-client';
import type { z } from 'zod';
import { apiErrorFrom, apiRequest, ApiRequestError, AUTHENTICATION_REQUIRED_MESSAGE, authenticationErrorMessage, buildUrl, rawApiAccess, refreshApiAccess, UNAUTHORIZED_MESSAGE } from '../api-client';

/** An upload endpoint with a resumable (tus) counterpart, and the endpoint that reads what it made. */
export type ResumableTarget = (typeof RESUMABLE_UPLOADS)[number];

/** The resumable way for a file of `size` to `path`: files from RESUMABLE_UPLOAD_MIN_BYTES (5 MB) on endpoints that have one. */
export function resumableTargetFor(path: string, size: number): ResumableTarget | undefined {
  if (size < RESUMABLE_UPLOAD_MIN_BYTES) return undefined;
  return RESUMABLE_UPLOADS.find((r) => r.upload.path === path);
}

/**
 * Waits between tries of a request that found no server or a 5xx, 409 or 423 (tus-js-client's retries). A try that
 * moved the upload on starts the count again, so a flaky connection never runs out of tries while it makes progress.
 */
export const RESUMABLE_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

type Request<S extends z.ZodType> = {
  fields?: Record<string, string | undefined> | undefined;
  file: Blob;
  fileName: string;
  schema: S;
  onProgress: (percent: number) => void;
  signal?: AbortSignal | undefined;
};

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Resolves when the browser says it is online again (`online` event), or rejects when `signal` aborts. */
function backOnline(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      window.removeEventListener('online', done);
      clearInterval(poll);
      if (signal?.aborted) reject(new ApiRequestError(0, 'ABORTED', 'Upload cancelled'));
      else resolve();
    };
    window.addEventListener('online', done);
    // The event is missed when it fired between the failure and here; a WebView may not send it at all.
    const poll = setInterval(() => online() && done(), 5000);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * The same file, the same fields and the same endpoint is the same upload: a try after a failure, a reload, or the
 * file picked again goes on from the bytes the server has. A recording's upload_key is left out (the queue gives each
 * pick a new one) unless the file has no date of its own (a recording kept as bytes by the offline queue).
 */
function fingerprintOf(endpoint: string, file: Blob, fileName: string, fields: Record<string, string>): string {
  const lastModified = file instanceof File ? file.lastModified : undefined;
  const { upload_key: uploadKey, ...rest } = fields;
  const named = Object.keys(rest)
    .sort()
    .map((k) => `${k}=${rest[k]}`);
  return ['fieldbook-tus', endpoint, fileName, file.size, file.type, lastModified ?? `key=${uploadKey ?? ''}`, ...named].join('|');
}

function parsedBody(text: string): unknown {
  try {
    return JSON.parse(text || 'null');
  } catch {
    return null;
  }
}

/** The API's error for a failed tus request: the server's message (413, 415, 429 …), else the transport's wording. */
function errorOf(err: Error | DetailedError, authFailure: ApiRequestError | null): ApiRequestError {
  if (authFailure) return authFailure;
  const res = (err as DetailedError).originalResponse;
  if (!res || res.getStatus() === 0) return new ApiRequestError(0, 'NETWORK', 'Upload failed: the server could not be reached');
  const status = res.getStatus();
  const reason = apiErrorFrom(status, parsedBody(res.getBody()));
  return reason.code.startsWith('HTTP_') ? new ApiRequestError(status, reason.code, `Upload failed (${status})`) : reason;
}

/**
 * One file sent resumably with tus-js-client (the tus 1.0 protocol, server: platform/uploads/resumable.ts): created
 * with its fields as metadata, its bytes appended from the offset the server reports. What the multipart transport
 * gives a request, this gives each of its requests: the client's current token (asked for every request), one
 * refresh after a 401; and more: a dropped connection goes on from the bytes the server kept (retries with backoff,
 * and without a network it waits for the network instead of failing); the upload's URL is kept in localStorage by
 * its fingerprint, so after a reload the same file (picked again, or kept by the offline queue) continues too.
 * Resolves with what the upload made, read from its endpoint and parsed with `schema` — the same object a multipart
 * upload answers.
 */
export async function uploadResumable<S extends z.ZodType>(target: ResumableTarget, opts: Request<S>): Promise<z.output<S>> {
  const { baseUrl } = await rawApiAccess();
  const endpoint = buildUrl(baseUrl, target.resumable.create.path);
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(opts.fields ?? {})) if (value !== undefined && value !== '') fields[name] = value;
  opts.onProgress(0);

  const resultId = await new Promise<string>((resolve, reject) => {
    // Aborted before the upload was made (while the session was read): its abort event has gone, nothing is sent.
    if (opts.signal?.aborted) return reject(new ApiRequestError(0, 'ABORTED', 'Upload cancelled'));
    let authFailure: ApiRequestError | null = null;
    let refreshed = false;
    const upload = new Upload(opts.file, {
      endpoint,
      metadata: { filename: opts.fileName, ...(opts.file.type ? { filetype: opts.file.type } : {}), ...fields },
      fingerprint: () => Promise.resolve(fingerprintOf(endpoint, opts.file, opts.fileName, fields)),
      storeFingerprintForResuming: true,
      // A finished upload is forgotten: picking the same file again later is a new document or recording.
      removeFingerprintOnSuccess: true,
      retryDelays: RESUMABLE_RETRY_DELAYS_MS,
      onBeforeRequest: async (req) => {
        const { token } = await rawApiAccess();
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
      },
      onAfterResponse: async (_req, res) => {
        if (res.getStatus() !== 401) {
          if (res.getStatus() < 400) refreshed = false;
          return;
        }
        // One refresh per failure (the api client's throttled refresh); a second 401 in a row is final.
        if (refreshed) {
          authFailure = new ApiRequestError(401, 'UNAUTHORIZED', AUTHENTICATION_REQUIRED_MESSAGE);
          return;
        }
        refreshed = true;
        const { token, failure } = await refreshApiAccess();
        if (failure) authFailure = new ApiRequestError(401, 'UNAUTHORIZED', authenticationErrorMessage(failure));
        else if (!token) authFailure = new ApiRequestError(401, 'UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
      },
      onShouldRetry: (err) => {
        if (opts.signal?.aborted) return false;
        const status = err.originalResponse?.getStatus() ?? 0;
        if (status === 401) return authFailure === null;
        // No answer (a dropped connection): again while there is a network; without one, onError waits for it.
        if (status === 0) return online();
        return status >= 500 || status === 409 || status === 423;
      },
      onProgress: (sent, total) => opts.onProgress(total > 0 ? Math.min(99, Math.floor((sent / total) * 100)) : 0),
      onSuccess: ({ lastResponse }) => {
        const id = lastResponse.getHeader(UPLOAD_RESULT_HEADER);
        if (id) resolve(id);
        else reject(new ApiRequestError(lastResponse.getStatus(), 'INVALID_SHAPE', 'Invalid response format'));
      },
      onError: (err) => {
        if (opts.signal?.aborted) return;
        if (!online() && !authFailure) {
          // Offline: the upload waits for the network, then goes on from the server's offset (HEAD).
          backOnline(opts.signal).then(
            () => upload.start(),
            (cancelled: unknown) => reject(cancelled),
          );
          return;
        }
        reject(errorOf(err, authFailure));
      },
    });
    opts.signal?.addEventListener(
      'abort',
      () => {
        void upload.abort(false);
        reject(new ApiRequestError(0, 'ABORTED', 'Upload cancelled'));
      },
      { once: true },
    );
    // Not once aborted meanwhile: start() would undo the abort (tus-js-client clears its aborted flag there).
    const start = () => !opts.signal?.aborted && upload.start();
    upload.findPreviousUploads().then(
      (previous) => {
        const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest) upload.resumeFromPreviousUpload(latest);
        start();
      },
      () => start(),
    );
  });

  // What it made, read as the multipart answer is parsed (GET /api/documents/:id, /api/recordings/:id).
  const made: unknown = await apiRequest(target.result.response, endpointPath(target.result.path, { id: resultId }));
  opts.onProgress(100);
  const parsed = opts.schema.safeParse(made);
  if (parsed.success) return parsed.data;
  throw new ApiRequestError(200, 'INVALID_SHAPE', 'Invalid response format');
}
