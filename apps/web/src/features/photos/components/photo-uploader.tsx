import { PHOTO_STAGES, type PhotoStage } from '@fieldbook/contract';
import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCamera } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { DropZone } from '../../../components/upload/drop-zone';
import { UploadList } from '../../../components/upload/upload-list';
import { canQueue, isOffline, queueWrites } from '../../../lib/offline/offline-queue';
import { browserTimeZone } from '../../../lib/time-zone';
import { useUploadQueue, type UploadQueue } from '../../../lib/uploads/use-upload-queue';
import { photoKeys } from '../api/keys';
import { photoUploadWrite, uploadPhoto } from '../api/upload-photo';
import { compressPhoto } from '../lib/compress-photo';
import { cameraFailureMessage, hasNativeCamera, takeNativePhoto } from '../lib/native-camera';
import { STAGE_LABELS } from '../lib/photo-labels';
import { PendingPhotos } from './pending-photos';

/** The picker's list; the server decides by the bytes (JPEG, PNG or WebP; HEIC refused with its reason). */
const PHOTO_ACCEPT = 'image/*';

/** One photo in the upload queue; `compressed` is kept after the first try, so a retry sends the same bytes. */
type Source = { file: File; stage: PhotoStage; compressed?: { blob: Blob; name: string } };

/**
 * Add photos to a job (issue 35): pick many, or take one with the phone's camera (the web's camera input; in the mobile
 * app the native camera, @capacitor/camera, whose photo joins the same path); each is made smaller in the browser
 * and sent through the app's upload queue (lib/uploads) with the chosen stage, its progress, and Retry on failure.
 * The queue key is the photo's upload_key for all its tries: a retry after a lost answer gets the stored photo back,
 * never a second copy. The queue is the app's (`photos:<job>`): uploads go on when the page closes.
 */
export function PhotoUploader({ jobId }: { jobId: string }) {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<PhotoStage>('during');
  // A camera input opens the camera only on phones and tablets; elsewhere it would be a second file picker.
  const hasCamera = useMediaQuery('(pointer: coarse)');
  // In the mobile app, the phone's own camera (@capacitor/camera); its photo goes the same way as the input's.
  const [isNativeCamera] = useState(hasNativeCamera);
  const [cameraProblem, setCameraProblem] = useState<string | null>(null);
  const camera = useRef<HTMLInputElement>(null);
  const queue = useUploadQueue<Source>(
    useCallback(
      async (source: Source, { key, onProgress, signal }) => {
        // Kept on the queued source (the queue holds this object until the photo is sent): compressed once.
        source.compressed ??= await compressPhoto(source.file);
        const { blob, name } = source.compressed;
        // The camera's zone is this device's: the server reads an EXIF time without an offset in it.
        await uploadPhoto(blob, { jobId, uploadKey: key, stage: source.stage, timeZone: browserTimeZone(), fileName: name, onProgress, signal });
      },
      [jobId],
    ),
    { id: `photos:${jobId}` },
  );
  // Once per batch (not per photo): a refetch of the grid is every loaded page.
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: photoKeys.lists() }), [queryClient]);
  const addFiles = async (files: File[]) => {
    if (files.length === 0) return;
    // No network: each photo, compressed, waits in the offline queue (IndexedDB) with its upload_key as the write's id,
    // and is sent once when the network returns (Pending changes shows it meanwhile).
    if (isOffline() && canQueue()) {
      const writes = [];
      for (const file of files) {
        const { blob, name } = await compressPhoto(file);
        writes.push(photoUploadWrite(blob, { jobId, uploadKey: crypto.randomUUID(), stage, timeZone: browserTimeZone(), fileName: name }));
      }
      queueWrites(writes);
      return;
    }
    await queue.add(files.map((file) => ({ name: file.name, size: file.size, source: { file, stage } })));
    refresh();
  };
  const takePhoto = async () => {
    setCameraProblem(null);
    if (!isNativeCamera) return camera.current?.click();
    let file: File | null;
    try {
      file = await takeNativePhoto();
    } catch (err) {
      return setCameraProblem(cameraFailureMessage(err));
    }
    if (file) await addFiles([file]);
  };
  const shown: UploadQueue = {
    entries: queue.entries,
    dismiss: queue.dismiss,
    retry: async (key) => {
      const ok = await queue.retry(key);
      if (ok) refresh();
      return ok;
    },
  };

  return (
    <Stack gap="xs">
      <Stack gap={4}>
        {/* Not "Stage": the grid's filter below has that name. */}
        <Text size="sm" fw={500} id={`photo-stage-${jobId}`}>
          Stage of new photos
        </Text>
        <SegmentedControl
          aria-labelledby={`photo-stage-${jobId}`}
          size="xs"
          fullWidth
          value={stage}
          onChange={(v) => setStage(v as PhotoStage)}
          data={PHOTO_STAGES.map((value) => ({ value, label: STAGE_LABELS[value] }))}
        />
      </Stack>
      <DropZone layout="inline" title="Drop photos here" buttonLabel="Add photos" inputLabel="Add photos" accept={PHOTO_ACCEPT} onFiles={(files) => void addFiles(files)} />
      {(hasCamera || isNativeCamera) && (
        <Group>
          <Button variant="light" leftSection={<IconCamera size={16} />} onClick={() => void takePhoto()}>
            Take photo
          </Button>
        </Group>
      )}
      {cameraProblem && (
        <Text size="sm" c="red" role="alert">
          {cameraProblem}
        </Text>
      )}
      <input
        ref={camera}
        type="file"
        accept={PHOTO_ACCEPT}
        capture="environment"
        hidden
        aria-label="Take photo"
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = '';
          void addFiles(files);
        }}
      />
      <PendingPhotos jobId={jobId} />
      <UploadList queue={shown} label="Photo uploads" />
    </Stack>
  );
}
