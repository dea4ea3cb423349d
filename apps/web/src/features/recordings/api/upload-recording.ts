import { RecordingDetailSchema, recordingEndpoints, type RecordingDetail } from '@fieldbook/contract';
import { browserTimeZone } from '../../../lib/time-zone';
import { uploadFile } from '../../../lib/uploads/upload-file';

/**
 * Uploads one call with progress. `uploadKey` stays the same across retries of one file, so a retry after a lost
 * answer finds the stored recording instead of making a second. The browser's time zone goes with it: a file name's
 * date and time are the phone's wall clock, which the server reads in that zone.
 */
export function uploadRecording(file: Blob, opts: { fileName: string; uploadKey: string; groupId?: string | undefined; onProgress: (percent: number) => void }): Promise<RecordingDetail> {
  return uploadFile({
    path: recordingEndpoints.upload.path,
    fields: { upload_key: opts.uploadKey, group_id: opts.groupId, time_zone: browserTimeZone() },
    file,
    fileName: opts.fileName,
    schema: RecordingDetailSchema,
    onProgress: opts.onProgress,
  });
}
