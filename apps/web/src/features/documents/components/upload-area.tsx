import { Alert, Button, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconFileUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type DragEvent } from 'react';
import toast from 'react-hot-toast';
import { formatFileSize } from '../../../lib/format-file-size';
import { errorReason } from '../../../lib/error-reason';
import { uploadDocument } from '../api/document-files';
import { invalidateAfter } from '../../../lib/query-roots';
import { newUploadItem, UPLOAD_ACCEPT, type UploadItem } from '../lib/upload-queue';

/**
 * Upload by picker or drag and drop (spec 001 §2 Document Manager): files go one after another, each with its
 * progress, and a failure says why (the server's reason: an unsupported type, the size limit) with the others
 * going on. `jobId` attaches them to a job (the /document-manager/:jobId entry).
 */
export function UploadArea({ jobId }: { jobId?: string | undefined }) {
  const queryClient = useQueryClient();
  const picker = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [isOver, setOver] = useState(false);
  const counter = useRef(0);

  const update = (key: string, patch: Partial<UploadItem>) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  const start = async (files: File[]) => {
    const queued = files.map((f) => ({ file: f, item: newUploadItem(f, counter.current++) }));
    setItems((all) => [...queued.map((q) => q.item), ...all]);
    for (const { file, item } of queued) {
      update(item.key, { state: 'uploading' });
      try {
        await uploadDocument(file, { ...(jobId ? { jobId } : {}), onProgress: (percent) => update(item.key, { percent }) });
        update(item.key, { state: 'done', percent: 100 });
        toast.success(`Uploaded ${file.name}`);
        void invalidateAfter(queryClient, 'document');
      } catch (err) {
        update(item.key, { state: 'error', error: errorReason(err) });
      }
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const files = [...e.dataTransfer.files];
    if (files.length) void start(files);
  };

  return (
    <Stack gap="xs">
      <Paper
        withBorder
        p="lg"
        data-testid="upload-drop-zone"
        style={{ borderStyle: 'dashed', borderWidth: 2, background: isOver ? 'var(--mantine-color-fieldbook-0)' : undefined }}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <Stack align="center" gap={6} ta="center">
          <IconCloudUpload size={32} color="var(--mantine-color-fieldbook-6)" />
          <Text fw={600}>Drop files here to upload</Text>
          <Text size="sm" c="dimmed">
            PDF, Word (doc, docx), JPEG, PNG or text
          </Text>
          <Button leftSection={<IconFileUpload size={16} />} onClick={() => picker.current?.click()}>
            Choose Files
          </Button>
          <input
            ref={picker}
            type="file"
            multiple
            accept={UPLOAD_ACCEPT}
            hidden
            aria-label="Upload documents"
            onChange={(e) => {
              const files = [...(e.currentTarget.files ?? [])];
              e.currentTarget.value = '';
              if (files.length) void start(files);
            }}
          />
        </Stack>
      </Paper>
      {items.length > 0 && (
        <Stack gap={6} aria-label="Uploads" role="list">
          {items.map((item) => (
            <Paper key={item.key} withBorder p="xs" role="listitem" data-testid="upload-item">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={500} truncate>
                  {item.name} <Text span c="dimmed" size="xs">({formatFileSize(item.size)})</Text>
                </Text>
                <Group gap={4} wrap="nowrap">
                  <Text size="xs" c={item.state === 'error' ? 'red' : 'dimmed'}>
                    {item.state === 'pending' ? 'Waiting' : item.state === 'uploading' ? `${item.percent}%` : item.state === 'done' ? 'Uploaded' : 'Failed'}
                  </Text>
                  {item.state !== 'uploading' && item.state !== 'pending' && (
                    <CloseButton size="sm" aria-label={`Dismiss ${item.name}`} onClick={() => setItems((all) => all.filter((i) => i.key !== item.key))} />
                  )}
                </Group>
              </Group>
              {(item.state === 'uploading' || item.state === 'pending') && <Progress value={item.percent} size="sm" mt={4} aria-label={`Uploading ${item.name}`} />}
              {item.error && (
                <Alert color="red" variant="light" p={6} mt={4} role="alert">
                  <Text size="xs">{item.error}</Text>
                </Alert>
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
