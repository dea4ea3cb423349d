import { Button, Group } from '@mantine/core';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { IconDownload, IconRefresh, IconTrash } from '@tabler/icons-react';
import type { Document } from '@fieldbook/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorReason } from '../../../lib/error-reason';
import { downloadDocument } from '../api/document-files';
import { useDeleteDocument, useRetryDocument } from '../api/documents';
import { canDownload } from '../lib/document-labels';

/** Download (created or processed), Retry (failed) and Delete with confirmation, for a card and the detail page. */
export function DocumentActions({ doc, onDeleted, size = 'xs' }: { doc: Document; onDeleted?: () => void; size?: 'xs' | 'sm' }) {
  const remove = useDeleteDocument();
  const retry = useRetryDocument();
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadDocument(doc);
    } catch (err) {
      toast.error(errorReason(err));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Group gap="xs">
      {canDownload(doc) && (
        <Button size={size} variant="light" leftSection={<IconDownload size={14} />} onClick={() => void download()} loading={downloading} aria-label={`Download ${doc.name}`}>
          Download
        </Button>
      )}
      {doc.status === 'failed' && (
        <Button
          size={size}
          variant="light"
          color="orange"
          leftSection={<IconRefresh size={14} />}
          loading={retry.isPending}
          onClick={() => retry.mutate(doc.id, { onError: (err) => toast.error(errorReason(err)) })}
        >
          Retry
        </Button>
      )}
      <Button size={size} variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => setConfirming(true)} aria-label={`Delete ${doc.name}`}>
        Delete
      </Button>
      <ConfirmDialog
        opened={confirming}
        title="Delete document"
        message={
          <>
            Delete <b>{doc.name}</b>? The file is removed from this server; this cannot be undone.
          </>
        }
        confirmLabel="Delete"
        isWorking={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(doc.id, {
            onSuccess: () => {
              toast.success('Document deleted');
              setConfirming(false);
              onDeleted?.();
            },
            onError: (err) => toast.error(`Failed to delete document: ${errorReason(err)}`),
          })
        }
      />
    </Group>
  );
}
