import { Alert, Badge, Box, CloseButton, Group, Loader, Mark, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { SearchResult } from '@fieldbook/contract';
import { useNavigate } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client';
import { NextVisitLine } from '../../schedule';
import { useSearch } from '../../tasks';
import { excerptParts } from '../../../lib/excerpt';

const TYPE_COLOR: Record<SearchResult['type'], string> = { job: 'fieldbook', task: 'blue', document: 'grape', recording: 'teal', other: 'gray' };

/** Where a hit opens: its job for jobs and tasks, the document's own page for documents. */
function resultPath(result: SearchResult): string {
  if (result.type === 'document') return `/documents/${result.id}`;
  if (result.type === 'recording') return `/recordings?id=${result.id}`;
  if (result.job_id) return `/jobs/${result.job_id}`;
  return result.type === 'task' ? `/tasks/${result.id}` : `/jobs/${result.id}`;
}

function searchErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT')) return 'Unable to connect to search service...';
  return `Search failed: ${error instanceof Error ? error.message : 'Unknown error'}`;
}

/** The jobs dashboard's search results panel: jobs, tasks and documents matching the applied term (GET /api/search). */
export function JobSearchResults({ term, onClose }: { term: string; onClose: () => void }) {
  const navigate = useNavigate();
  const search = useSearch(term);

  return (
    <Paper withBorder p="md" bg="var(--mantine-color-body)" aria-label="Search results" component="section">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={700} size="sm">
          {search.data?.summary ?? `Searching for “${term}”…`}
        </Text>
        <CloseButton aria-label="Close search results" onClick={onClose} />
      </Group>
      {search.isPending ? (
        <Loader size="sm" aria-label="Searching" />
      ) : search.isError ? (
        <Alert color="red" variant="light" role="alert">
          {searchErrorMessage(search.error)}
        </Alert>
      ) : (
        <Stack gap={6} mah={320} style={{ overflowY: 'auto' }}>
          {search.data.results.map((result) => (
            <UnstyledButton
              key={`${result.type}-${result.id}`}
              onClick={() => void navigate(resultPath(result))}
              p="xs"
              style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-default-border)' }}
              data-testid="search-result"
            >
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Box miw={0}>
                  <Group gap={6} wrap="nowrap">
                    <Badge size="xs" variant="light" color={TYPE_COLOR[result.type]}>
                      {result.type}
                    </Badge>
                    <Text size="sm" fw={600} truncate>
                      {result.title}
                    </Text>
                  </Group>
                  <Text size="xs" mt={4} lineClamp={2}>
                    {excerptParts(result.excerpt).map((part, i) => (part.isMatch ? <Mark key={i}>{part.text}</Mark> : <span key={i}>{part.text}</span>))}
                  </Text>
                  <NextVisitLine visit={result.next_visit} />
                  <Text size="xs" c="dimmed" mt={2}>
                    {result.match_reason}
                    {result.status ? ` · ${result.status}` : ''}
                    {result.priority ? ` · ${result.priority} priority` : ''}
                  </Text>
                </Box>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {Math.round(result.score * 100)}%
                </Text>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
