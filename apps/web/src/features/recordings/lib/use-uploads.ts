import { RECORDING_UPLOAD_EXTENSIONS } from '@fieldbook/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useUploadQueue } from '../../../lib/uploads/use-upload-queue';
import { recordingKeys } from '../api/keys';
import { uploadRecording } from '../api/upload-recording';

/** The picker's accept list; the server decides by the bytes. */
export const RECORDING_ACCEPT = ['audio/*', ...RECORDING_UPLOAD_EXTENSIONS.map((e) => `.${e}`)].join(',');

type Source = { blob: Blob; name: string; groupId: string | undefined };

/**
 * The recordings' upload queue (lib/uploads): each file keeps its queue key as its upload key for all its tries, so
 * a retry after a lost answer never stores a second recording.
 */
export function useUploads() {
  const queryClient = useQueryClient();
  const queue = useUploadQueue<Source>(
    useCallback(
      async (source: Source, { key, onProgress, signal }) => {
        // signal: the queue dropped at sign-out stops the recording being sent (multipart or resumable).
        await uploadRecording(source.blob, { fileName: source.name, uploadKey: key, groupId: source.groupId, onProgress, signal });
        void queryClient.invalidateQueries({ queryKey: recordingKeys.all });
      },
      [queryClient],
    ),
    // The app's queue: uploads go on when the screen closes and show again when it opens.
    { id: 'recordings' },
  );
  const { add } = queue;
  /** Resolves to whether every file was uploaded (a page that is gone can still say how it went). */
  const addFiles = useCallback(
    (files: { blob: Blob; name: string }[], groupId: string | undefined) => add(files.map((f) => ({ name: f.name, size: f.blob.size, source: { ...f, groupId } }))),
    [add],
  );
  return { queue, add: addFiles };
}
