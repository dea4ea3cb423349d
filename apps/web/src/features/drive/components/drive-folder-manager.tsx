import { Alert, Anchor, Button, Card, CloseButton, FileButton, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconRefresh, IconUpload } from '@tabler/icons-react';
import type { DriveFolder } from '@fieldbook/contract';
import { useState } from 'react';
import { errorReason } from '../../../lib/error-reason';
import { uploadToDriveFolder, useDriveFiles } from '../api/drive';

const TITLES: Record<DriveFolder['key'], string> = {
  root: 'Root',
  documents: 'Documents',
  clients: 'Clients',
  recordings: 'Recordings',
  transcripts: 'Transcripts',
  tasks: 'Tasks',
};

/**
 * The folder manager (spec 001 › Drive panels): a card per folder — Root, Documents, Clients, Recordings, Transcripts,
 * Tasks — with Open (the folder in Drive, a new tab), Upload (several files; an alert reports each one's Success or
 * Failed), Refresh and the folder's files; the folder id is shown as its first 8 characters.
 */
export function DriveFolderManager({ folders }: { folders: DriveFolder[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {folders.map((folder) => (
        <FolderCard key={folder.key} folder={folder} />
      ))}
    </SimpleGrid>
  );
}

function FolderCard({ folder }: { folder: DriveFolder }) {
  const title = TITLES[folder.key];
  // The root holds the folders only; the others list their files.
  const files = useDriveFiles(folder.key, { enabled: folder.created && folder.key !== 'root' });
  const [uploading, setUploading] = useState(false);
  const [report, setReport] = useState<{ name: string; ok: boolean; reason?: string }[] | null>(null);
  const upload = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    setUploading(true);
    setReport(null);
    const results: { name: string; ok: boolean; reason?: string }[] = [];
    for (const file of chosen) {
      try {
        await uploadToDriveFolder(folder.key, file);
        results.push({ name: file.name, ok: true });
      } catch (err) {
        results.push({ name: file.name, ok: false, reason: errorReason(err) });
      }
    }
    setReport(results);
    setUploading(false);
    void files.refetch();
  };
  return (
    <Card withBorder radius="md" padding="sm" aria-label={`${title} folder`} data-testid={`drive-folder-${folder.key}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace" title={folder.id ?? undefined}>
          {folder.id ? folder.id.slice(0, 8) : 'Not created'}
        </Text>
      </Group>
      <Group gap="xs" mt="xs">
        <Button
          size="compact-xs"
          variant="light"
          component="a"
          href={folder.web_view_link ?? undefined}
          target="_blank"
          rel="noopener noreferrer"
          disabled={!folder.web_view_link}
          leftSection={<IconExternalLink size={12} />}
        >
          Open
        </Button>
        <FileButton multiple onChange={(chosen) => void upload(chosen)}>
          {(props) => (
            <Button {...props} size="compact-xs" variant="light" disabled={!folder.created} loading={uploading} leftSection={<IconUpload size={12} />} aria-label={`Upload to ${title}`}>
              Upload
            </Button>
          )}
        </FileButton>
        <Button size="compact-xs" variant="subtle" onClick={() => void files.refetch()} disabled={!folder.created || folder.key === 'root'} leftSection={<IconRefresh size={12} />} aria-label={`Refresh ${title}`}>
          Refresh
        </Button>
        {files.isFetching && <Loader size="xs" type="dots" />}
      </Group>
      {report && (
        <Alert mt="xs" p="xs" color={report.every((r) => r.ok) ? 'green' : 'red'} variant="light" role="status" aria-label={`Upload to ${title}`}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Stack gap={0}>
              {report.map((r, i) => (
                <Text key={i} size="xs">
                  {r.name}: {r.ok ? 'Success' : `Failed (${r.reason ?? 'Upload failed'})`}
                </Text>
              ))}
            </Stack>
            <CloseButton size="xs" aria-label="Dismiss" onClick={() => setReport(null)} />
          </Group>
        </Alert>
      )}
      {files.isError && (
        <Text size="xs" c="red" mt="xs" role="alert">
          Failed to load folder structure
        </Text>
      )}
      {files.data && (
        <Stack gap={2} mt="xs">
          {files.data.files.length === 0 ? (
            <Text size="xs" c="dimmed">
              No files yet
            </Text>
          ) : (
            files.data.files.map((f) => (
              <Anchor key={f.id} size="xs" href={f.web_view_link ?? undefined} target="_blank" rel="noopener noreferrer" truncate="end">
                {f.name}
              </Anchor>
            ))
          )}
        </Stack>
      )}
    </Card>
  );
}
