import { Alert, Badge, Center, Code, Group, Image, Loader, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Document } from '@fieldbook/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorReason } from '../../../lib/error-reason';
import { formatFileSize } from '../../../lib/format-file-size';
import { fetchDocumentContent } from '../api/document-files';
import { useDocument } from '../api/documents';
import { documentKeys } from '../api/keys';
import { documentTypeLabel, jobLabel, STATUS_LABELS } from '../lib/document-labels';
import { DocumentActions } from './document-actions';

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
  if (doc.isError) return <LoadError error={doc.error} title="Could not load the document" message={errorReason(doc.error)} onRetry={() => void doc.refetch()} isRetrying={doc.isFetching} />;
  const d = doc.data;
  const status = STATUS_LABELS[d.status];
  return (
    <>
      <PageHeader title={d.name} description={jobLabel(d.job) ? `For ${jobLabel(d.job)}` : 'Not attached to a job'} actions={<DocumentActions doc={d} size="sm" onDeleted={() => void navigate('/documents')} />} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="sm">
          <Preview doc={d} />
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

const FIELD_LABELS: Array<[string, string]> = [
  ['client_name', 'Client'],
  ['property_address', 'Property address'],
  ['claim_number', 'Claim number'],
  ['dates', 'Dates'],
  ['amounts', 'Amounts'],
  ['total', 'Total'],
];

function formatField(key: string, value: unknown): string {
  const money = (n: unknown) => (typeof n === 'number' ? n.toLocaleString('en-US', { style: 'currency', currency: 'USD' }) : String(n));
  if (key === 'amounts' && Array.isArray(value)) return value.map(money).join(', ');
  if (key === 'total') return money(value);
  return Array.isArray(value) ? value.join(', ') : String(value);
}

function ExtractedFields({ doc }: { doc: Document }) {
  const data = (doc.metadata.extracted_data ?? {}) as Record<string, unknown>;
  const unavailable = typeof doc.metadata.text_unavailable === 'string' ? doc.metadata.text_unavailable : null;
  const rows = FIELD_LABELS.filter(([key]) => data[key] !== undefined);
  return (
    <Paper withBorder p="sm">
      <Title order={3} fz="md" mb="xs">
        Extracted fields
      </Title>
      {doc.status === 'processing' ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">Reading the document…</Text>
        </Group>
      ) : unavailable ? (
        <Text size="sm" c="dimmed">
          No text was extracted: {unavailable}.
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No client, address, claim number, dates or amounts were found in this document.
        </Text>
      ) : (
        <Table>
          <Table.Tbody>
            {rows.map(([key, label]) => (
              <Table.Tr key={key}>
                <Table.Th w={150}>{label}</Table.Th>
                <Table.Td data-testid={`field-${key}`}>{formatField(key, data[key])}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** The file itself, fetched with the session (an iframe cannot send the token) and shown from a local URL. */
function Preview({ doc }: { doc: Document }) {
  const previewable = doc.storage_type === 'server' && ['pdf', 'jpg', 'png', 'txt'].includes(doc.file_type ?? '');
  const content = useQuery({
    queryKey: documentKeys.content(doc.id),
    queryFn: ({ signal }) => fetchDocumentContent(doc.id, 'load', signal),
    enabled: previewable,
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string | null>(null);
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!content.data) return;
    if (doc.file_type === 'txt') {
      void content.data.text().then(setText);
      return;
    }
    const objectUrl = URL.createObjectURL(content.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [content.data, doc.file_type]);

  if (!previewable) return <Text c="dimmed">No preview for this file type; download it to open it.</Text>;
  if (content.isPending) return <Loader aria-label="Loading preview" />;
  if (content.isError) return <Alert color="red" role="alert">{errorReason(content.error)}</Alert>;
  if (doc.file_type === 'txt') {
    return (
      <ScrollArea.Autosize mah={600}>
        <Code block data-testid="document-preview">
          {text ?? ''}
        </Code>
      </ScrollArea.Autosize>
    );
  }
  if (!url) return <Loader aria-label="Loading preview" />;
  if (doc.file_type === 'pdf') return <iframe src={url} title={`Preview of ${doc.name}`} style={{ width: '100%', height: 600, border: 0 }} data-testid="document-preview" />;
  return <Image src={url} alt={doc.name} data-testid="document-preview" />;
}
