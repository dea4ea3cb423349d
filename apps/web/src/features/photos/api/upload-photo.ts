import { PhotoSchema, photoEndpoints, type Photo, type PhotoStage } from '@fieldbook/contract';
import type { NewWrite } from '../../../lib/offline/write-queue';
import { uploadFile } from '../../../lib/uploads/upload-file';

export type PhotoUploadFields = { jobId: string; uploadKey: string; stage: PhotoStage; timeZone: string | undefined };

/** The upload's fields, in the order the server reads them (before the file). */
function fieldsOf(f: PhotoUploadFields): Record<string, string> {
  return { job_id: f.jobId, upload_key: f.uploadKey, stage: f.stage, ...(f.timeZone ? { time_zone: f.timeZone } : {}) };
}

/**
 * POST /api/photos through the app's one upload path (uploadFile: multipart, or tus from 5 MB — photos are in
 * RESUMABLE_UPLOADS). `uploadKey` is the same for every try of one photo, so a retry after a lost answer is answered
 * with the stored photo, never a second one.
 */
export function uploadPhoto(file: Blob, opts: PhotoUploadFields & { fileName: string; onProgress: (percent: number) => void; signal?: AbortSignal | undefined }): Promise<Photo> {
  return uploadFile({ path: photoEndpoints.upload.path, fields: fieldsOf(opts), file, fileName: opts.fileName, schema: PhotoSchema, onProgress: opts.onProgress, signal: opts.signal });
}

/**
 * A photo taken without a network, as a write of the offline queue (lib/offline): the compressed file waits in
 * IndexedDB and is uploaded when the network returns. The write's id is its upload_key, so a replay whose answer was
 * lost is answered with the stored photo.
 */
export function photoUploadWrite(file: Blob, opts: PhotoUploadFields & { fileName: string }): NewWrite {
  return {
    id: opts.uploadKey,
    label: `Photo ${opts.fileName}`,
    request: { kind: 'upload', endpoint: 'photos.upload', path: photoEndpoints.upload.path, fields: fieldsOf(opts), file, fileName: opts.fileName },
  };
}
