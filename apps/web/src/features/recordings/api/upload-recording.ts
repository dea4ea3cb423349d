import { RecordingDetailSchema, recordingEndpoints, type RecordingDetail } from '@fieldbook/contract';
import { browserTimeZone } from '../../../lib/time-zone';
import { uploadFile } from '../../../lib/uploads/upload-file';
import type { NewWrite } from '../../../lib/offline/write-queue';

/**
 * Uploads one call with progress. `uploadKey` stays the same across retries of one file, so a retry after a lost
 * answer finds the stored recording instead of making a second. The browser's time zone goes with it: a file name's
 * date and time are the phone's wall clock, which the server reads in that zone. `signal` stops it (the upload queue's,
 * dropped at sign-out).
 */
export function uploadRecording(file: Blob, opts: { fileName: string; uploadKey: string; groupId?: string | undefined; onProgress: (percent: number) => void; signal?: AbortSignal | undefined }): Promise<RecordingDetail> {
  return uploadFile({
    path: recordingEndpoints.upload.path,
    fields: { upload_key: opts.uploadKey, group_id: opts.groupId, time_zone: browserTimeZone() },
    file,
    fileName: opts.fileName,
    schema: RecordingDetailSchema,
    onProgress: opts.onProgress,
    signal: opts.signal,
  });
}

/**
 * A manual recording made without a network, as a write of the offline queue (lib/offline): the file is kept in
 * IndexedDB and uploaded when the network returns. The write's id is its upload_key, so an upload whose answer was
 * lost is answered with the stored recording, never a second one.
 */
export function recordingUploadWrite(file: Blob, opts: { fileName: string; groupId?: string | undefined }): NewWrite {
  const id = typeof crypto !== 'undefined' && crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`;
  const timeZone = browserTimeZone();
  const fields: Record<string, string> = { upload_key: id, ...(timeZone ? { time_zone: timeZone } : {}) };
  if (opts.groupId) fields.group_id = opts.groupId;
  return { id, label: `Recording ${opts.fileName}`, request: { kind: 'upload', endpoint: 'recordings.upload', path: recordingEndpoints.upload.path, fields, file, fileName: opts.fileName } };
}
