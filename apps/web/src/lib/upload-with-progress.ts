import type { z } from 'zod';
import { apiErrorFrom, ApiRequestError, buildUrl, rawApiAccess } from './api-client';

/**
 * Posts a multipart form with XMLHttpRequest — fetch reports no upload progress — calling `onProgress` with 0–100,
 * and parses the answer with `schema`. Rejects with the server's error (its message), or 'Upload failed ({status})'
 * when the answer has none. Fields go before the file, as the upload endpoints expect.
 */
export async function uploadWithProgress<S extends z.ZodType>(opts: {
  path: string;
  fields?: Record<string, string | undefined>;
  file: Blob;
  fileName: string;
  schema: S;
  onProgress: (percent: number) => void;
  signal?: AbortSignal | undefined;
}): Promise<z.output<S>> {
  const { baseUrl, token } = await rawApiAccess();
  const form = new FormData();
  for (const [name, value] of Object.entries(opts.fields ?? {})) if (value !== undefined && value !== '') form.append(name, value);
  form.append('file', opts.file, opts.fileName);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(baseUrl, opts.path));
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && opts.onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    xhr.onload = () => {
      if (xhr.status === 200 || xhr.status === 201) {
        const parsed = opts.schema.safeParse(xhr.response);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiRequestError(xhr.status, 'INVALID_SHAPE', 'Invalid response format'));
        return;
      }
      const err = apiErrorFrom(xhr.status, xhr.response, xhr.statusText);
      reject(err.code.startsWith('HTTP_') ? new ApiRequestError(xhr.status, err.code, `Upload failed (${xhr.status})`) : err);
    };
    xhr.onerror = () => reject(new ApiRequestError(0, 'NETWORK', 'Upload failed: the server could not be reached'));
    xhr.onabort = () => reject(new ApiRequestError(0, 'ABORTED', 'Upload cancelled'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
