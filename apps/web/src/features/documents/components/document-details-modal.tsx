import { Badge, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { formatFileSize } from '../../../lib/format-file-size';
import { useDocument } from '../api/documents';
import { documentTypeLabel, STATUS_LABELS } from '../lib/document-labels';
import { documentLoadError } from '../lib/document-errors';
import { DocumentActions } from './document-actions';
import { DocumentPreview } from './document-preview';
import { ExtractedFields } from './extracted-fields';
import { SendModal, type SendTarget } from './send-modal';

/** The jobs dashboard's document details modal (spec 001 §2): preview, fields, download, send, delete. */
export function DocumentDetailsModal({ documentId, onClose }: { documentId: string | null; onClose: () => void }) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const [sending, setSending] = useState<SendTarget | null>(null);
  return (
    <>
      <Modal opened={documentId !== null && sending === null} onClose={onClose} title="Document details" size="xl" fullScreen={isPhone}>
        {documentId && <Details id={documentId} onClose={onClose} onSend={setSending} />}
      </Modal>
      <SendModal target={sending} onClose={() => setSending(null)} />
    </>
  );
}

function Details({ id, onClose, onSend }: { id: string; onClose: () => void; onSend: (t: SendTarget) => void }) {
  const doc = useDocument(id);
  if (doc.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading document" />
      </Center>
    );
  }
  if (doc.isError) return <LoadError error={doc.error} {...documentLoadError(doc.error)} onRetry={() => void doc.refetch()} isRetrying={doc.isFetching} />;
  const d = doc.data;
  const status = STATUS_LABELS[d.status];
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <Text fw={600} style={{ wordBreak: 'break-word' }}>
          {d.name}
        </Text>
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
        <Badge variant="outline" color="gray">
          {documentTypeLabel(d.document_type)}
        </Badge>
        <Text size="sm" c="dimmed">
          {formatFileSize(d.file_size)}
        </Text>
      </Group>
      <Group gap="xs" wrap="wrap">
        <DocumentActions doc={d} size="xs" onDeleted={onClose} />
        {d.storage_type === 'server' && (
          <Button size="xs" variant="light" leftSection={<IconSend size={14} />} onClick={() => onSend({ kind: 'document', documentId: d.id, name: d.name })}>
            Send
          </Button>
        )}
        <Button size="xs" variant="subtle" component={Link} to={`/documents/${d.id}`} leftSection={<IconExternalLink size={14} />}>
          Open page
        </Button>
      </Group>
      <DocumentPreview doc={d} height={440} />
      <ExtractedFields doc={d} />
    </Stack>
  );
}
