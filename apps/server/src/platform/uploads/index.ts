/**
 * The one upload path: multipart (receive-upload.ts) or resumable (tus, resumable.ts), both ending in the same
 * lifecycle (lifecycle.ts): recognition by magic bytes, row → blob → finish, discard, sweep.
 */
export {
  ABANDONED_UPLOAD_MS,
  discardUpload,
  sweepUploads,
  type FileKinds,
  type RecognisedFile,
  type StoredFile,
  type UploadFields,
  type UploadKind,
  type UploadSteps,
  type UploadTable,
} from './lifecycle';
export { registerUploadEndpoint, uploadDeps, type UploadEndpoint } from './receive-upload';
export { sweepResumableUploads, RESUMABLE_UPLOAD_TTL_MS, PENDING_UPLOADS_PER_USER, PENDING_UPLOAD_BYTES_PER_USER } from './resumable';
