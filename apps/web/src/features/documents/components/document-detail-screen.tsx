import { Alert, Badge, Center, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { documentLoadError } from '../lib/document-errors';
import { formatFileSize } from '../../../lib/format-file-size';
import { useDocument } from '../api/documents';
import { documentTypeLabel, jobLabel, STATUS_LABELS } from '../lib/document-labels';
import { DocumentActions } from './document-actions';
import { DocumentPreview } from './document-preview';
import { ExtractedFields } from './extracted-fields';

/** /documents/:id: the preview (PDF, image, text) and what processing found. */
export function DocumentDetailScreen({ id }: { id: string }) {
  const navigate = useNavigate();
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
    <>
      <PageHeader title={d.name} description={jobLabel(d.job) ? `For ${jobLabel(d.job)}` : 'Not attached to a job'} actions={<DocumentActions doc={d} size="sm" onDeleted={() => void navigate('/documents')} />} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="sm">
          <DocumentPreview doc={d} />
        </Paper>
        <Stack gap="md">
          <Group gap="xs">
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
          {d.processing_error && (
            <Alert color="red" variant="light" role="alert" title="Processing failed">
              {d.processing_error}
            </Alert>
          )}
          <ExtractedFields doc={d} />
        </Stack>
      </SimpleGrid>
    </>
  );
}
