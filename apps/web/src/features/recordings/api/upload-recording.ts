import { RecordingDetailSchema, recordingEndpoints, type RecordingDetail } from '@fieldbook/contract';
import { uploadWithProgress } from '../../../lib/upload-with-progress';

/**
 * Uploads one call with progress. `uploadKey` stays the same across retries of one file, so a retry after a lost
 * answer finds the stored recording instead of making a second.
 */
export function uploadRecording(file: Blob, opts: { fileName: string; uploadKey: string; groupId?: string | undefined; onProgress: (percent: number) => void }): Promise<RecordingDetail> {
  return uploadWithProgress({
    path: recordingEndpoints.upload.path,
    fields: { upload_key: opts.uploadKey, group_id: opts.groupId },
    file,
    fileName: opts.fileName,
    schema: RecordingDetailSchema,
    onProgress: opts.onProgress,
  });
}
