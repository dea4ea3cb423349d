import { Anchor, Badge, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import type { Document } from '@fieldbook/contract';
import { Link } from 'react-router';
import { formatFileSize } from '../../../lib/format-file-size';
import { documentTypeLabel, jobLabel, STATUS_LABELS } from '../lib/document-labels';
import { DocumentActions } from './document-actions';

/** A document in the manager's list: name, type, status, size, job, date, and its actions. */
export function DocumentCard({ doc }: { doc: Document }) {
  const status = STATUS_LABELS[doc.status];
  const job = jobLabel(doc.job);
  return (
    <Card withBorder padding="sm" data-testid="document-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <IconFileText size={20} style={{ flexShrink: 0 }} />
            <Anchor component={Link} to={`/documents/${doc.id}`} fw={600} truncate>
              {doc.name}
            </Anchor>
          </Group>
          {/* The name gives way on a narrow phone, never the status (it read "PROCESSING FAI…" at 390 px). */}
          <Badge color={status.color} variant="light" style={{ flexShrink: 0 }} leftSection={doc.status === 'processing' ? <Loader size={10} color={status.color} /> : undefined}>
            {status.label}
          </Badge>
        </Group>
        <Group gap="xs">
          <Badge variant="outline" color="gray">
            {documentTypeLabel(doc.document_type)}
          </Badge>
          {doc.file_type && (
            <Text size="xs" c="dimmed" tt="uppercase">
              {doc.file_type}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {formatFileSize(doc.file_size)}
          </Text>
          <Text size="xs" c="dimmed">
            {new Date(doc.created_at).toLocaleDateString()}
          </Text>
          {job && doc.job_id && (
            <Anchor component={Link} to={`/jobs/${doc.job_id}`} size="xs">
              {job}
            </Anchor>
          )}
        </Group>
        {doc.status === 'failed' && doc.processing_error && (
          <Text size="xs" c="red" role="alert">
            {doc.processing_error}
          </Text>
        )}
        <DocumentActions doc={doc} />
      </Stack>
    </Card>
  );
}
