import { Alert, Button, Center, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconFiles, IconSearch } from '@tabler/icons-react';
import type { StoredDocumentStatus } from '@fieldbook/contract';
import { useMemo, useState } from 'react';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorReason } from '../../../lib/error-reason';
import { loadedRows } from '../../../lib/offset-pages';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useDocuments } from '../api/documents';
import { documentTypeLabel, STATUS_LABELS } from '../lib/document-labels';
import { DocumentCard } from './document-card';
import { SharedFiles } from './shared-files';
import { UploadArea } from './upload-area';

const TYPES = ['contract', 'estimate', 'invoice', 'permit', 'inspection_report', 'uploaded'];

/** The Document Manager (/documents, /document-manager/:jobId; spec 001 §2): upload, search, filters, cards. */
export function DocumentsScreen({ jobId }: { jobId?: string | undefined }) {
  const search = useDebouncedSearch();
  const [status, setStatus] = useState<StoredDocumentStatus | null>(null);
  const [type, setType] = useState<string | null>(null);
  const filters = { ...(search.term ? { q: search.term } : {}), ...(status ? { status } : {}), ...(type ? { document_type: type } : {}), ...(jobId ? { job_id: jobId } : {}) };
  const list = useDocuments(filters);
  const docs = useMemo(() => loadedRows(list.data?.pages, (page) => page.documents), [list.data]);
  const total = list.data?.pages.at(-1)?.total ?? 0;
  const isFiltered = Boolean(search.term || status || type);

  return (
    <>
      <PageHeader title="Documents" description="Contracts, estimates, invoices, permits and reports by job." />
      <Stack gap="md">
        {/* Files shared from another app (Web Share Target), waiting on this device for their upload. */}
        <SharedFiles jobId={jobId} />
        <UploadArea jobId={jobId} />
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search documents"
            placeholder="Words in the name or the text"
            leftSection={<IconSearch size={16} />}
            value={search.input}
            onChange={(e) => search.setInput(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Enter' && search.submit()}
            style={{ flex: '1 1 220px' }}
          />
          <Select
            label="Status"
            placeholder="All statuses"
            clearable
            data={Object.entries(STATUS_LABELS).map(([value, s]) => ({ value, label: s.label }))}
            value={status}
            onChange={(v) => setStatus(v as StoredDocumentStatus | null)}
            w={180}
          />
          <Select label="Type" placeholder="All types" clearable data={TYPES.map((t) => ({ value: t, label: documentTypeLabel(t) }))} value={type} onChange={setType} w={180} />
        </Group>

        {list.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading documents" />
          </Center>
        ) : list.isError && !list.isFetchNextPageError ? (
          <LoadError error={list.error} title="Could not load documents" message={`Error fetching documents: ${errorReason(list.error)}`} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
        ) : docs.length === 0 ? (
          <Paper withBorder p="xl" ta="center">
            <Stack align="center" gap="xs">
              <IconFiles size={32} />
              <Text fw={600}>{isFiltered ? 'No documents match these filters' : 'No documents yet'}</Text>
              <Text size="sm" c="dimmed">
                {isFiltered ? 'Try other words or clear the filters.' : 'Upload contracts, estimates, invoices, permits or reports above.'}
              </Text>
            </Stack>
          </Paper>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {total} document{total === 1 ? '' : 's'}
            </Text>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              {docs.map((doc) => (
                <DocumentCard key={doc.id} doc={doc} />
              ))}
            </SimpleGrid>
            {list.isFetchNextPageError && (
              <Alert color="red" title="More documents could not be loaded" role="alert">
                {errorReason(list.error)}
              </Alert>
            )}
            {list.hasNextPage && (
              <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} style={{ alignSelf: 'center' }}>
                Load More Documents
              </Button>
            )}
          </>
        )}
      </Stack>
    </>
  );
}
