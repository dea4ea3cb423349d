import { Alert, Badge, Center, Group, Loader, Text } from '@mantine/core';
import type { Document } from '@fieldbook/contract';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-error';
import { formatFileSize } from '../../../lib/format-file-size';
import { useDocument } from '../api/documents';
import { documentLoadError } from '../lib/document-errors';
import { documentTypeLabel, STATUS_LABELS } from '../lib/document-labels';
import { DriveCopyLink } from '../../drive';

/** Loads document `id` and renders `children` with it; a spinner while loading, the spec's 404 alert or Retry on failure. */
export function WithDocument({ id, children }: { id: string; children: (doc: Document) => ReactNode }) {
  const doc = useDocument(id);
  if (doc.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading document" />
      </Center>
    );
  }
  if (doc.isError) return <LoadError error={doc.error} {...documentLoadError(doc.error)} onRetry={() => void doc.refetch()} isRetrying={doc.isFetching} />;
  return children(doc.data);
}

/** Status, type and size of a document, and why its processing failed when it did. */
export function DocumentFacts({ doc, children }: { doc: Document; children?: ReactNode }) {
  const status = STATUS_LABELS[doc.status];
  return (
    <>
      <Group gap="xs" wrap="wrap">
        {children}
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
        <Badge variant="outline" color="gray">
          {documentTypeLabel(doc.document_type)}
        </Badge>
        <Text size="sm" c="dimmed">
          {formatFileSize(doc.file_size)}
        </Text>
        <DriveCopyLink kind="document" id={doc.id} />
      </Group>
      {doc.processing_error && (
        <Alert color="red" variant="light" role="alert" title="Processing failed">
          {doc.processing_error}
        </Alert>
      )}
    </>
  );
}
