import type { z } from 'zod';
import { apiErrorFrom, ApiRequestError, AUTHENTICATION_REQUIRED_MESSAGE, authenticationErrorMessage, buildUrl, MAX_RETRIES, rawApiAccess, refreshApiAccess, RETRY_BASE_DELAY_MS, UNAUTHORIZED_MESSAGE } from '../api-client';

export type UploadRequest<S extends z.ZodType> = {
  path: string;
  fields?: Record<string, string | undefined>;
  file: Blob;
  fileName: string;
  schema: S;
  onProgress: (percent: number) => void;
  signal?: AbortSignal | undefined;
};

/**
 * The contract's RESUMABLE_UPLOAD_MIN_BYTES, written out here: every page's first chunk sends through this file (the
 * offline queue), and importing the constant would bring the contract's uploads module with it — over the login
 * route's budget. upload-queue.test.tsx checks that the two agree.
 */
export const RESUMABLE_FROM_BYTES = 5 * 1024 * 1024;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Uploads one file and answers what the server made of it. A file of 5 MB or more (RESUMABLE_UPLOAD_MIN_BYTES) to an
 * endpoint with a resumable counterpart (documents, recordings) goes resumably (resumable-upload.ts, tus): a dropped
 * connection continues from the bytes the server has. Anything else is one multipart request (below).
 */
export async function uploadFile<S extends z.ZodType>(opts: UploadRequest<S>): Promise<z.output<S>> {
  if (opts.file.size >= RESUMABLE_FROM_BYTES) {
    // Loaded only for a big file: the offline queue, in every page's first chunk, sends through here.
    const { resumableTargetFor, uploadResumable } = await import('./resumable-upload');
    const resumable = resumableTargetFor(opts.path, opts.file.size);
    if (resumable) return uploadResumable(resumable, opts);
  }
  return uploadMultipart(opts);
}

/**
 * Posts one file as multipart with XMLHttpRequest — fetch reports no upload progress — with what the JSON client
 * gives every request (lib/api-client.ts): the bearer token; on a 401 the session refreshed (the same throttled
 * refresh) and the upload sent once more; a network failure or a 5xx tried again with backoff (MAX_RETRIES, the
 * uploads repeat safely: a document's failed try stores nothing, a recording's upload_key makes a repeat answer the
 * stored one). A 4xx is final: rejects with the server's error (its message), or 'Upload failed ({status})' when the
 * answer has none. Fields go before the file, as the upload endpoints expect.
 */
async function uploadMultipart<S extends z.ZodType>(opts: UploadRequest<S>): Promise<z.output<S>> {
  const { baseUrl, token } = await rawApiAccess();
  const url = buildUrl(baseUrl, opts.path);
  let current = token;
  let refreshed = false;
  for (let attempt = 0; ; attempt++) {
    opts.onProgress(0);
    const res = await send(url, current, opts);
    if (res.status === 401 && !refreshed) {
      refreshed = true;
      const { token: fresh, failure } = await refreshApiAccess();
      if (failure) throw new ApiRequestError(401, 'UNAUTHORIZED', authenticationErrorMessage(failure));
      if (!fresh) throw new ApiRequestError(401, 'UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
      current = fresh;
      attempt--; // the refreshed try is not a retry
      continue;
    }
    if (res.status === 401) throw new ApiRequestError(401, 'UNAUTHORIZED', AUTHENTICATION_REQUIRED_MESSAGE);
    const retryable = res.status === 0 || res.status >= 500;
    if (retryable && attempt < MAX_RETRIES && !opts.signal?.aborted) {
      await sleep(RETRY_BASE_DELAY_MS * 2 ** attempt);
      continue;
    }
    if (res.status === 200 || res.status === 201) {
      const parsed = opts.schema.safeParse(res.body);
      if (parsed.success) return parsed.data;
      throw new ApiRequestError(res.status, 'INVALID_SHAPE', 'Invalid response format');
    }
    if (res.error) throw res.error;
    const err = apiErrorFrom(res.status, res.body, res.statusText);
    throw err.code.startsWith('HTTP_') ? new ApiRequestError(res.status, err.code, `Upload failed (${res.status})`) : err;
  }
}

type Answer = { status: number; body: unknown; statusText: string; error?: ApiRequestError };

function send<S extends z.ZodType>(url: string, token: string | null, opts: UploadRequest<S>): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(opts.fields ?? {})) if (value !== undefined && value !== '') form.append(name, value);
  // As a File the name travels with the bytes (happy-dom, the web tests' browser, drops the name given beside a Blob).
  form.append('file', opts.file instanceof File && opts.file.name === opts.fileName ? opts.file : new File([opts.file], opts.fileName, { type: opts.file.type }));
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && opts.onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.response, statusText: xhr.statusText });
    xhr.onerror = () => resolve({ status: 0, body: null, statusText: '', error: new ApiRequestError(0, 'NETWORK', 'Upload failed: the server could not be reached') });
    xhr.onabort = () => resolve({ status: -1, body: null, statusText: '', error: new ApiRequestError(0, 'ABORTED', 'Upload cancelled') });
    if (opts.signal?.aborted) return resolve({ status: -1, body: null, statusText: '', error: new ApiRequestError(0, 'ABORTED', 'Upload cancelled') });
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
