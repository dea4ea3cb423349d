import { DocumentSchema, documentEndpoints, endpointPath, type Document } from '@fieldbook/contract';
import { apiErrorFrom, ApiRequestError, buildUrl, rawApiAccess } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/uploads/upload-file';

/** Uploads one file to POST /api/process-documents with progress, session refresh and retries (lib/uploads). */
export function uploadDocument(file: File, opts: { jobId?: string | undefined; driveFileId?: string | undefined; onProgress: (percent: number) => void; signal?: AbortSignal }): Promise<Document> {
  // drive_file_id: imported from the user's Drive (the server then makes no copy back).
  return uploadFile({ path: documentEndpoints.upload.path, fields: { job_id: opts.jobId, drive_file_id: opts.driveFileId }, file, fileName: file.name, schema: DocumentSchema, onProgress: opts.onProgress, signal: opts.signal });
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
