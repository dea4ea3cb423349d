import { Group, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { DropZone } from '../../../components/upload/drop-zone';
import { UploadList } from '../../../components/upload/upload-list';
import { invalidateAfter } from '../../../lib/query-roots';
import { useUploadQueue } from '../../../lib/uploads/use-upload-queue';
import { uploadDocument } from '../api/document-files';
import { UPLOAD_ACCEPT } from '../lib/upload-accept';
import { DriveImportButton } from '../../drive';

/**
 * Upload by picker or drag and drop (spec 001 §2 Document Manager) on the shared upload queue: files go one after
 * another, each with its progress, and a failure says why (the server's reason: an unsupported type, the size
 * limit) with Retry, the others going on. `jobId` attaches them to a job (the /document-manager/:jobId entry).
 */
export function UploadArea({ jobId }: { jobId?: string | undefined }) {
  const queryClient = useQueryClient();
  const queue = useUploadQueue<{ file: File; driveFileId?: string }>(
    useCallback(
      async ({ file, driveFileId }: { file: File; driveFileId?: string }, { onProgress, signal }) => {
        // signal: the queue dropped at sign-out stops the file being sent (multipart or resumable).
        await uploadDocument(file, { jobId, driveFileId, onProgress, signal });
        toast.success(`Uploaded ${file.name}`);
        void invalidateAfter(queryClient, 'document');
      },
      [jobId, queryClient],
    ),
    // The app's queue for this list: uploads go on when the screen closes and show again when it opens.
    { id: `documents:${jobId ?? 'all'}` },
  );
  return (
    <Stack gap="xs">
      <DropZone
        layout="large"
        title="Drop files here to upload"
        hint="PDF, Word (doc, docx), JPEG, PNG or text"
        buttonLabel="Choose Files"
        inputLabel="Upload documents"
        accept={UPLOAD_ACCEPT}
        onFiles={(files) => void queue.add(files.map((f) => ({ name: f.name, size: f.size, source: { file: f } })))}
      />
      {/* Spec 001 §2: upload from the cloud drive — the chosen FIELDBOOK files become documents like any upload. */}
      <Group justify="flex-end">
        <DriveImportButton onImport={(files) => void queue.add(files.map(({ file, driveFileId }) => ({ name: file.name, size: file.size, source: { file, driveFileId } })))} />
      </Group>
      <UploadList queue={queue} label="Uploads" />
    </Stack>
  );
}
