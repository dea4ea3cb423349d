import { Badge, Box, Button, Flex, Group, Menu, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconFileCheck, IconFileDots, IconFilePlus } from '@tabler/icons-react';
import { DEFAULT_DOCUMENT_TYPES, GeneratedDocumentTypeSchema, LineItemSchema, type Job, type JobDocument, type JobDocuments as JobDocumentsData } from '@fieldbook/contract';
import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { DocumentDetailsModal, SendModal, type SendTarget } from '../../documents';

const COLUMNS: { key: keyof JobDocumentsData; title: string; color: string; icon: ReactNode }[] = [
  { key: 'needed', title: 'Needed', color: 'orange', icon: <IconFileDots size={16} /> },
  { key: 'created', title: 'Created', color: 'blue', icon: <IconFilePlus size={16} /> },
  { key: 'processed', title: 'Processed', color: 'green', icon: <IconFileCheck size={16} /> },
];

const SavedLinesSchema = z.array(LineItemSchema);
const TYPE_LABEL = (type: string) => type.replace(/[_-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * The three document columns of a job (spec 001 §2) with Generate: a stored document opens the document details
 * modal; a needed one (a placeholder made from the job's document types) opens the send modal to write it.
 */
export function JobDocuments({ job, jobName, title }: { job: Pick<Job, 'id' | 'documents' | 'tasks' | 'metadata'>; jobName: string; title: ReactNode }) {
  const [openDocument, setOpenDocument] = useState<string | null>(null);
  const [sending, setSending] = useState<SendTarget | null>(null);
  const saved = SavedLinesSchema.safeParse(job.metadata.line_items);
  const generate = (type: string) => {
    const docType = GeneratedDocumentTypeSchema.safeParse(type);
    if (!docType.success) return;
    setSending({ kind: 'generate', jobId: job.id, jobName, docType: docType.data, savedLines: saved.success ? saved.data : [], taskDescriptions: job.tasks.map((t) => t.description) });
  };
  const open = (doc: JobDocument) => (doc.placeholder || !doc.id ? generate(doc.document_type) : setOpenDocument(doc.id));
  return (
    <>
      <Group justify="space-between" mb={8} gap="xs">
        {title}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="light" rightSection={<IconChevronDown size={14} />}>
              Generate
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {DEFAULT_DOCUMENT_TYPES.map((type) => (
              <Menu.Item key={type} onClick={() => generate(type)}>
                {TYPE_LABEL(type)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <DocumentColumns documents={job.documents} onOpen={open} />
      <DocumentDetailsModal documentId={openDocument} onClose={() => setOpenDocument(null)} />
      <SendModal target={sending} onClose={() => setSending(null)} />
    </>
  );
}

function DocumentColumns({ documents, onOpen }: { documents: JobDocumentsData; onOpen: (doc: JobDocument) => void }) {
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
                docs.map((doc, i) => <DocumentItem key={doc.id ?? `${doc.document_type}-${i}`} doc={doc} icon={column.icon} onOpen={onOpen} />)
              )}
            </Flex>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

function DocumentItem({ doc, icon, onOpen }: { doc: JobDocument; icon: ReactNode; onOpen: (doc: JobDocument) => void }) {
  const body = (
    <Group gap={4} wrap="nowrap" c={doc.placeholder ? 'dimmed' : undefined}>
      <Box style={{ flexShrink: 0, display: 'flex' }}>{icon}</Box>
      <Text size="xs" truncate title={doc.name} fs={doc.placeholder ? 'italic' : undefined}>
        {doc.name}
      </Text>
    </Group>
  );
  const canWrite = GeneratedDocumentTypeSchema.safeParse(doc.document_type).success;
  // A needed document of a type the product cannot write (a custom type) stays plain text.
  if ((doc.placeholder || !doc.id) && !canWrite) return body;
  return (
    <UnstyledButton onClick={() => onOpen(doc)} aria-label={doc.placeholder || !doc.id ? `Generate ${doc.name}` : `Open ${doc.name}`}>
      {body}
    </UnstyledButton>
  );
}
