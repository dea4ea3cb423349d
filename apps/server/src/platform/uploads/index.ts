/** The one upload path (receive-upload.ts): multipart with limits, recognition by magic bytes, row → blob → finish, discard, sweep. */
export {
  ABANDONED_UPLOAD_MS,
  discardUpload,
  registerUploadEndpoint,
  sweepUploads,
  type FileKinds,
  type RecognisedFile,
  type StoredFile,
  type UploadEndpoint,
  type UploadFields,
  type UploadSteps,
  type UploadTable,
} from './receive-upload';
