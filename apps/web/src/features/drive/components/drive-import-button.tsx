import { Alert, Button, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBrandGoogleDrive } from '@tabler/icons-react';
import type { DriveFile } from '@fieldbook/contract';
import { useEffect, useEffectEvent, useState } from 'react';
import { errorReason } from '../../../lib/error-reason';
import { fetchDriveFile, listDriveFilesPage, useDriveStatus } from '../api/drive';

export type ImportedDriveFile = { file: File; driveFileId: string };

/**
 * The Document Manager's upload from the cloud drive (spec 001 §2): the caller's FIELDBOOK files, 50 a page (spec 000
 * §9), chosen ones fetched through the server and handed to `onImport`, which uploads them as documents (processed
 * like any upload; sent with their Drive id, so they are not copied back). Not shown when the server has no Google
 * credentials (issue 32 item 11).
 */
export function DriveImportButton({ onImport }: { onImport: (files: ImportedDriveFile[]) => void }) {
  const [opened, setOpened] = useState(false);
  const status = useDriveStatus();
  // Not offered where it cannot work: the server has no Google credentials (it says so in the status).
  if (!status.data?.configured) return null;
  return (
    <>
      <Button variant="default" size="xs" leftSection={<IconBrandGoogleDrive size={14} />} onClick={() => setOpened(true)}>
        Upload from Google Drive
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Upload from Google Drive" size="md">
        {opened && (
          <DriveFilePicker
            onDone={(files) => {
              setOpened(false);
              if (files.length > 0) onImport(files);
            }}
          />
        )}
      </Modal>
    </>
  );
}

function DriveFilePicker({ onDone }: { onDone: (files: ImportedDriveFile[]) => void }) {
  const status = useDriveStatus();
  const [files, setFiles] = useState<DriveFile[]>([]);
  const [next, setNext] = useState<string | null | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);

  const load = async (token: string | undefined) => {
    setLoading(true);
    setError(null);
    try {
      const page = await listDriveFilesPage(token);
      setFiles((all) => [...all, ...page.files]);
      setNext(page.next_page_token);
    } catch (err) {
      setError(errorReason(err));
    } finally {
      setLoading(false);
    }
  };
  const isConnected = status.data?.status === 'connected';
  const loadFirst = useEffectEvent(() => void load(undefined));
  useEffect(() => {
    if (isConnected) loadFirst();
  }, [isConnected]);

  if (status.isPending) return <Loader size="sm" type="dots" />;
  if (!isConnected) {
    return (
      <Text size="sm" c="dimmed">
        Not authenticated with Google Drive. Connect it in Settings › Integrations.
      </Text>
    );
  }
  const importChosen = async () => {
    setImporting(true);
    setError(null);
    try {
      const picked = files.filter((f) => chosen.has(f.id));
      const fetched = await Promise.all(picked.map(async (f) => ({ file: await fetchDriveFile(f), driveFileId: f.id })));
      onDone(fetched);
    } catch (err) {
      setError(errorReason(err));
    } finally {
      setImporting(false);
    }
  };
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <ScrollArea.Autosize mah={360}>
        <Stack gap={6}>
          {files.length === 0 && !loading && (
            <Text size="sm" c="dimmed">
              No files in your FIELDBOOK folders yet
            </Text>
          )}
          {files.map((f) => (
            <Checkbox
              key={f.id}
              label={f.name}
              description={f.folder ?? undefined}
              checked={chosen.has(f.id)}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setChosen((all) => {
                  const copy = new Set(all);
                  if (on) copy.add(f.id);
                  else copy.delete(f.id);
                  return copy;
                });
              }}
            />
          ))}
          {loading && <Loader size="xs" type="dots" />}
        </Stack>
      </ScrollArea.Autosize>
      <Group justify="space-between">
        {next ? (
          <Button variant="subtle" size="xs" onClick={() => void load(next)} loading={loading}>
            Load More
          </Button>
        ) : (
          <span />
        )}
        <Button onClick={() => void importChosen()} disabled={chosen.size === 0} loading={importing}>
          Import
        </Button>
      </Group>
    </Stack>
  );
}
