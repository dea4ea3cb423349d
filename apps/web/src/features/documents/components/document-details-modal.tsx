import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DocumentActions } from './document-actions';
import { DocumentFacts, WithDocument } from './document-parts';
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
  return (
    <WithDocument id={id}>
      {(d) => (
        <Stack gap="sm">
          <DocumentFacts doc={d}>
            <Text fw={600} style={{ wordBreak: 'break-word' }}>
              {d.name}
            </Text>
          </DocumentFacts>
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
      )}
    </WithDocument>
  );
}
