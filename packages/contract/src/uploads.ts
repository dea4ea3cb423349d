import { z } from 'zod';
import { documentEndpoints } from './documents';
import { defineEndpoint, type EndpointDef } from './endpoint';
import { photoEndpoints } from './photos';
import { recordingEndpoints } from './recordings';

/**
 * Resumable uploads (issue 26): the tus 1.0 protocol (https://tus.io/protocols/resumable-upload) — core, creation,
 * creation-with-upload, termination and expiration — on the one upload path (server: platform/uploads; web:
 * lib/uploads with tus-js-client). A file is created with its length and metadata, its bytes are appended by PATCH
 * from the offset the server reports, and a connection dropped mid-file continues from the bytes the server kept.
 *
 * The tus answers have no JSON body (a refusal still has the error envelope); what they say is in headers.
 */
export const TUS_VERSION = '1.0.0';
export const TUS_EXTENSIONS = 'creation,creation-with-upload,termination,expiration';
/** The PATCH body's type (tus core). */
export const TUS_CONTENT_TYPE = 'application/offset+octet-stream';
/** A finished upload's answer (the last PATCH, or a HEAD after it) names what it made: the document's or recording's id. */
export const UPLOAD_RESULT_HEADER = 'Upload-Result-Id';
/** Request headers a tus client sends (CORS). */
export const TUS_REQUEST_HEADERS = ['tus-resumable', 'upload-length', 'upload-offset', 'upload-metadata', 'upload-defer-length'] as const;
/** Response headers a tus client reads (CORS). */
export const TUS_RESPONSE_HEADERS = ['Location', 'Tus-Resumable', 'Tus-Version', 'Tus-Extension', 'Tus-Max-Size', 'Upload-Offset', 'Upload-Length', 'Upload-Expires', UPLOAD_RESULT_HEADER] as const;
/** Files from this size go resumably; smaller ones as one multipart request (one round trip). */
export const RESUMABLE_UPLOAD_MIN_BYTES = 5 * 1024 * 1024;
/** An unfinished upload is kept this long after its creation (Upload-Expires), then removed by the upload sweep. */
export const RESUMABLE_UPLOAD_TTL_HOURS = 24;

/** An upload's URL id, made by the server: "u" and 32 random URL-safe characters (192 bits). */
export const UploadIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
/** The tus answers carry no body. */
const NoBodySchema = z.unknown();

/** The four tus endpoints of one upload kind: `/api/uploads/<kind>` creates, `/api/uploads/<kind>/:id` is the upload. */
export function resumableUploadEndpoints<const K extends string>(kind: K, what: string, fields: string) {
  const tags = ['uploads'];
  const base = `/api/uploads/${kind}` as const;
  const upload = `${base}/:id` as const;
  return {
    create: defineEndpoint({
      method: 'POST',
      path: base,
      access: 'workspace',
      summary: `Start a resumable upload of ${what} (tus creation: Upload-Length, Upload-Metadata with filename, ${fields}; optionally the first bytes as ${TUS_CONTENT_TYPE}); 201 with its Location`,
      tags,
      status: 201,
      response: NoBodySchema,
    }),
    offset: defineEndpoint({
      method: 'HEAD',
      path: upload,
      access: 'workspace',
      summary: `How many bytes of the upload the server keeps (Upload-Offset, Upload-Length, Upload-Expires); a finished one names the ${what.replace(/^an? /, '')} it made in ${UPLOAD_RESULT_HEADER}. Only its creator sees it (404)`,
      tags,
      params: UploadIdParamsSchema,
      response: NoBodySchema,
    }),
    append: defineEndpoint({
      method: 'PATCH',
      path: upload,
      access: 'workspace',
      summary: `Append bytes at Upload-Offset (${TUS_CONTENT_TYPE}); 204 with the new Upload-Offset. The last bytes finish the upload: ${UPLOAD_RESULT_HEADER} names what it made`,
      tags,
      params: UploadIdParamsSchema,
      status: 204,
      response: NoBodySchema,
    }),
    cancel: defineEndpoint({
      method: 'DELETE',
      path: upload,
      access: 'workspace',
      summary: 'Cancel an unfinished upload and remove its bytes (tus termination)',
      tags,
      params: UploadIdParamsSchema,
      status: 204,
      response: NoBodySchema,
    }),
  } satisfies ResumableUploadEndpoints;
}

type WorkspaceEndpoint = EndpointDef & { access: 'workspace' };
type UploadEndpoint = WorkspaceEndpoint & { params: typeof UploadIdParamsSchema };
/** One kind's tus endpoints, as the server registers them (platform/uploads/resumable.ts). */
export type ResumableUploadEndpoints = { create: WorkspaceEndpoint; offset: UploadEndpoint; append: UploadEndpoint; cancel: UploadEndpoint };

export const documentUploadEndpoints = resumableUploadEndpoints('documents', 'a document', 'job_id, drive_file_id');
export const recordingUploadEndpoints = resumableUploadEndpoints('recordings', 'a call recording', 'upload_key, group_id, direction, phone_number, recorded_at, time_zone');
/** A job photo (issue 35), resumable: ends exactly as POST /api/photos. */
export const photoUploadEndpoints = resumableUploadEndpoints('photos', 'a job photo', 'job_id, upload_key, stage, caption, tags, time_zone');

/**
 * The multipart upload endpoints that have a resumable counterpart, with the endpoint that reads what a finished
 * upload made (the web client answers the same object either way).
 */
export const RESUMABLE_UPLOADS = [
  { upload: documentEndpoints.upload, resumable: documentUploadEndpoints, result: documentEndpoints.get },
  { upload: recordingEndpoints.upload, resumable: recordingUploadEndpoints, result: recordingEndpoints.get },
  { upload: photoEndpoints.upload, resumable: photoUploadEndpoints, result: photoEndpoints.get },
] as const;
