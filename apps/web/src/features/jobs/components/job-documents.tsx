import { Badge, Box, Flex, Group, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconFileCheck, IconFileDots, IconFilePlus } from '@tabler/icons-react';
import type { JobDocument, JobDocuments as JobDocumentsData } from '@fieldbook/contract';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

const COLUMNS: { key: keyof JobDocumentsData; title: string; color: string; icon: ReactNode }[] = [
  { key: 'needed', title: 'Needed', color: 'orange', icon: <IconFileDots size={16} /> },
  { key: 'created', title: 'Created', color: 'blue', icon: <IconFilePlus size={16} /> },
  { key: 'processed', title: 'Processed', color: 'green', icon: <IconFileCheck size={16} /> },
];

/**
 * The three document columns of a job (spec 001 §2). A job without documents shows the placeholders the API
 * makes from its document types; they are not links because no file exists yet.
 */
export function JobDocuments({ documents }: { documents: JobDocumentsData }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" data-testid="job-documents">
      {COLUMNS.map((column) => {
        const docs = documents[column.key];
        return (
          <Paper key={column.key} component="section" withBorder radius="md" p="xs" bg="var(--mantine-color-body)" aria-label={`${column.title} documents`}>
            <Group justify="space-between" gap={4} mb={6} wrap="nowrap">
              <Text size="xs" fw={700} tt="uppercase" c={`${column.color}.8`} style={{ letterSpacing: '0.04em' }}>
                {column.title}
              </Text>
              <Badge size="sm" variant="light" color={column.color} circle>
                {docs.length}
              </Badge>
            </Group>
            {/* One line per column on phones (items wrap side by side), a list per column from xs up. */}
            <Flex direction={{ base: 'row', xs: 'column' }} wrap="wrap" gap={{ base: 10, xs: 4 }}>
              {docs.length === 0 ? (
                <Text size="xs" c="dimmed">
                  None
                </Text>
              ) : (
                docs.map((doc, i) => <DocumentItem key={doc.id ?? `${doc.document_type}-${i}`} doc={doc} icon={column.icon} />)
              )}
            </Flex>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

function DocumentItem({ doc, icon }: { doc: JobDocument; icon: ReactNode }) {
  const navigate = useNavigate();
  const body = (
    <Group gap={4} wrap="nowrap" c={doc.placeholder ? 'dimmed' : undefined}>
      <Box style={{ flexShrink: 0, display: 'flex' }}>{icon}</Box>
      <Text size="xs" truncate title={doc.name} fs={doc.placeholder ? 'italic' : undefined}>
        {doc.name}
      </Text>
    </Group>
  );
  if (doc.placeholder || !doc.id) return body;
  const id = doc.id;
  return (
    <UnstyledButton onClick={() => void navigate(`/documents/${id}`)} aria-label={`Open ${doc.name}`}>
      {body}
    </UnstyledButton>
  );
}
