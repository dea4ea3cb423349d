import { Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconRefresh } from '@tabler/icons-react';
import type { DriveFolder } from '@fieldbook/contract';
import { useDriveFiles } from '../api/drive';

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
 * Tasks — with Open (the folder in Drive, a new tab), Refresh and the folder's files; the folder id is shown as its
 * first 8 characters.
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
        <Button size="compact-xs" variant="subtle" onClick={() => void files.refetch()} disabled={!folder.created || folder.key === 'root'} leftSection={<IconRefresh size={12} />} aria-label={`Refresh ${title}`}>
          Refresh
        </Button>
        {files.isFetching && <Loader size="xs" type="dots" />}
      </Group>
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
