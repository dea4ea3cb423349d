import { Paper, SimpleGrid, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { jobLabel } from '../lib/document-labels';
import { DocumentActions } from './document-actions';
import { DocumentFacts, WithDocument } from './document-parts';
import { DocumentPreview } from './document-preview';
import { ExtractedFields } from './extracted-fields';

/** /documents/:id: the preview (PDF, image, text) and what processing found. */
export function DocumentDetailScreen({ id }: { id: string }) {
  const navigate = useNavigate();
  return (
    <WithDocument id={id}>
      {(d) => (
        <>
          <PageHeader title={d.name} description={jobLabel(d.job) ? `For ${jobLabel(d.job)}` : 'Not attached to a job'} actions={<DocumentActions doc={d} size="sm" onDeleted={() => void navigate('/documents')} />} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Paper withBorder p="sm">
              <DocumentPreview doc={d} />
            </Paper>
            <Stack gap="md">
              <DocumentFacts doc={d} />
              <ExtractedFields doc={d} />
            </Stack>
          </SimpleGrid>
        </>
      )}
    </WithDocument>
  );
}
