import { Alert, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconShare, IconTrash } from '@tabler/icons-react';
import { jobClientName, jobEndpoints } from '@fieldbook/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { UploadList } from '../../../components/upload/upload-list';
import { useAuth } from '../../../lib/auth-provider';
import { callEndpoint } from '../../../lib/call-endpoint';
import { formatFileSize } from '../../../lib/format-file-size';
import { invalidateAfter, QUERY_ROOTS } from '../../../lib/query-roots';
import { useUploadQueue } from '../../../lib/uploads/use-upload-queue';
import { uploadDocument } from '../api/document-files';
import { documentKeys } from '../api/keys';
import { listSharedFiles, removeSharedFile, type SharedFile } from '../lib/shared-files';

const sharedFilesKey = [...documentKeys.all, 'shared-files'] as const;
/** Jobs to file shared documents under: the 100 newest (kept under the jobs root, so job changes refresh it). */
const jobChoicesKey = [...QUERY_ROOTS.jobs, 'document-share-choices'] as const;
const NO_JOB = '';

/**
 * Files shared to Fieldbook from another app (Web Share Target, lib/shared-files.ts), waiting on this device: the
 * user picks the job they belong to (or none) and uploads them through the one upload path, or discards them. Each
 * leaves the device once the server has it; a failed upload keeps it (Retry, or find it here again later).
 */
export function SharedFiles({ jobId }: { jobId?: string | undefined }) {
  const queryClient = useQueryClient();
  const signedIn = Boolean(useAuth().user);
  // Read from this device's Cache Storage: offline too.
  const shared = useQuery({ queryKey: sharedFilesKey, queryFn: listSharedFiles, networkMode: 'always', staleTime: 0 });
  const jobs = useQuery({
    queryKey: jobChoicesKey,
    queryFn: ({ signal }) => callEndpoint(jobEndpoints.list, { query: { limit: 100 }, signal }),
    enabled: signedIn && !jobId && (shared.data?.length ?? 0) > 0,
  });
  const [job, setJob] = useState<string>(jobId ?? NO_JOB);

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: sharedFilesKey }), [queryClient]);
  const queue = useUploadQueue<{ shared: SharedFile; jobId: string | undefined }>(
    useCallback(
      async ({ shared: file, jobId: target }: { shared: SharedFile; jobId: string | undefined }, { onProgress, signal }) => {
        await uploadDocument(file.file, { jobId: target, onProgress, signal });
        // The server has it: it leaves the device (a second upload of it is no longer possible).
        await removeSharedFile(file.key);
        void refresh();
        toast.success(`Uploaded ${file.name}`);
        void invalidateAfter(queryClient, 'document');
      },
      [queryClient, refresh],
    ),
    // The app's queue, as the other uploads (lib/uploads): it goes on when Documents closes and shows again when it
    // opens, and is the signed-in user's — dropped at sign-out, its upload under way stopped and the files it had not
    // sent offered here again (they are the device's, still in its cache).
    { id: 'documents:shared' },
  );

  // A file in the upload list (entries keyed by the shared file's key: pending, uploading, failed with Retry, or
  // uploaded) is not offered here; dismissed from the list, a failed one is offered again (it is still on the device).
  const waiting = useMemo(() => {
    const listed = new Set(queue.entries.map((e) => e.key));
    return (shared.data ?? []).filter((f) => !listed.has(f.key));
  }, [shared.data, queue.entries]);
  const jobOptions = useMemo(
    () => [
      { value: NO_JOB, label: 'No job' },
      ...(jobs.data?.jobs ?? []).map((j) => ({ value: j.id, label: j.property_address ? `${jobClientName(j)} — ${j.property_address}` : jobClientName(j) })),
    ],
    [jobs.data],
  );

  const [params] = useSearchParams();
  // The worker keeps at most 10 files / 100 MB waiting (src/sw/share-target.ts): what was past that was dropped.
  const dropped = Math.max(0, Math.floor(Number(params.get('dropped')) || 0));
  const droppedNotice =
    dropped > 0 ? (
      <Alert color="orange" title={dropped === 1 ? '1 shared file was not kept' : `${dropped} shared files were not kept`} role="status">
        Up to 10 shared files (100 MB) wait on this device at a time. Upload or discard the ones waiting, then share the rest again.
      </Alert>
    ) : null;
  if (waiting.length === 0 && queue.entries.length === 0) {
    // The worker could not read or keep what was shared (/documents?shared=failed).
    return params.get('shared') === 'failed' ? (
      <Alert color="red" title="The shared files could not be kept" role="alert">
        Share them again, or upload them below.
      </Alert>
    ) : (
      droppedNotice
    );
  }

  const upload = () => {
    const target = jobId ?? (job || undefined);
    void queue.add(waiting.map((f) => ({ key: f.key, name: f.name, size: f.size, source: { shared: f, jobId: target } }))).then(() => refresh());
  };
  const discard = async (file: SharedFile) => {
    await removeSharedFile(file.key);
    await refresh();
  };

  return (
    <Paper withBorder p="md" data-testid="shared-files" aria-label="Shared with Fieldbook" role="region">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconShare size={18} aria-hidden />
          <Text fw={600}>Shared with Fieldbook</Text>
        </Group>
        {droppedNotice}
        {waiting.length > 0 && (
          <>
            <Text size="sm" c="dimmed">
              {waiting.length === 1 ? 'This file was' : 'These files were'} shared from another app. {waiting.length === 1 ? 'It stays' : 'They stay'} on
              this device until you upload or discard {waiting.length === 1 ? 'it' : 'them'}.
            </Text>
            <Stack gap={4} role="list" aria-label="Shared files">
              {waiting.map((f) => (
                <Group key={f.key} justify="space-between" gap="xs" wrap="nowrap" role="listitem" data-testid="shared-file">
                  <Text size="sm" truncate>
                    {f.name} · {formatFileSize(f.size)}
                  </Text>
                  <Button size="compact-xs" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => void discard(f)} aria-label={`Discard ${f.name}`}>
                    Discard
                  </Button>
                </Group>
              ))}
            </Stack>
            {!jobId && (
              <Select
                label="Job"
                description="The job these documents belong to, or none"
                data={jobOptions}
                value={job}
                onChange={(v) => setJob(v ?? NO_JOB)}
                searchable
                allowDeselect={false}
                nothingFoundMessage={jobs.isFetching ? 'Loading jobs…' : 'No jobs found'}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            <Group justify="flex-end">
              <Button onClick={upload} disabled={!signedIn}>
                {waiting.length === 1 ? 'Upload to Documents' : `Upload ${waiting.length} files to Documents`}
              </Button>
            </Group>
          </>
        )}
        <UploadList queue={queue} label="Shared file uploads" />
      </Stack>
    </Paper>
  );
}
