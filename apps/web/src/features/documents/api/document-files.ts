import { DocumentSchema, documentEndpoints, endpointPath, type Document } from '@fieldbook/contract';
import { apiErrorFrom, ApiRequestError, buildUrl, rawApiAccess } from '../../../lib/api-client';

/**
 * Uploads one file to POST /api/process-documents with XMLHttpRequest — fetch reports no upload progress —
 * calling `onProgress` with 0–100. Rejects with the server's error (its message: 'Unsupported file type…',
 * 'The file is larger than…'), or 'Upload failed ({status})' when the answer has none.
 */
export async function uploadDocument(file: File, opts: { jobId?: string; onProgress: (percent: number) => void; signal?: AbortSignal }): Promise<Document> {
  const { baseUrl, token } = await rawApiAccess();
  const form = new FormData();
  if (opts.jobId) form.append('job_id', opts.jobId);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(baseUrl, documentEndpoints.upload.path));
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && opts.onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    xhr.onload = () => {
      if (xhr.status === 201) {
        const parsed = DocumentSchema.safeParse(xhr.response);
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

/** Spec 001 §8 messages for a file's bytes that could not be had. */
function contentError(status: number, kind: 'load' | 'download', body: unknown): ApiRequestError {
  if (status === 404) return new ApiRequestError(404, 'NOT_FOUND', 'Document not found on the server');
  const reason = apiErrorFrom(status, body);
  if (status >= 500) return new ApiRequestError(status, reason.code, `Server error (${status}). Please try again later.`);
  return new ApiRequestError(status, reason.code, kind === 'download' ? `Download failed (${status})` : `Failed to load document (${status})`);
}

/**
 * The document's bytes (GET /api/documents/:id/content) as a Blob: previews and downloads need the bearer token,
 * which an <iframe src> or a plain link cannot send.
 */
export async function fetchDocumentContent(id: string, kind: 'load' | 'download', signal?: AbortSignal): Promise<Blob> {
  const { baseUrl, token } = await rawApiAccess();
  const url = buildUrl(baseUrl, endpointPath(documentEndpoints.content.path, { id }), kind === 'download' ? { download: 'true' } : undefined);
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, ...(signal ? { signal } : {}) });
  if (!res.ok) throw contentError(res.status, kind, await res.json().catch(() => null));
  return res.blob();
}

/** Saves the document under its name (spec 001: the name from the answer's Content-Disposition, default document.pdf). */
export async function downloadDocument(doc: Pick<Document, 'id' | 'name'>): Promise<void> {
  const blob = await fetchDocumentContent(doc.id, 'download');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = doc.name || 'document.pdf';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
