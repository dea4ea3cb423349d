import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { SearchResult } from '@fieldbook/contract';
import { Link } from 'react-router';
import { excerptParts } from '../../../lib/excerpt';
import { NextVisitLine } from '../../schedule';
import { PRIORITY_COLOR, TASK_STATUS_COLOR } from '../../../lib/task-display';

const TYPE_LABEL: Record<SearchResult['type'], string> = { task: 'Task', job: 'Job', document: 'Document', recording: 'Recording', other: 'Other' };

/** Where a hit leads: the task, the job, the document; another kind of hit, its job. */
export function searchResultHref(result: SearchResult): string {
  if (result.type === 'task') return `/tasks/${result.task_id ?? result.id}`;
  if (result.type === 'job') return `/jobs/${result.job_id ?? result.id}`;
  if (result.type === 'document') return `/documents/${result.id}`;
  if (result.type === 'recording') return `/recordings?id=${result.id}`;
  return result.job_id ? `/jobs/${result.job_id}` : '/tasks?tab=search';
}

function colorOf(map: Record<string, string>, key: string | null): string {
  return (key && map[key]) || 'gray';
}

/** One search hit: id, title, excerpt (matches in bold), match reason, status, priority and relevance. */
export function SearchResultCard({ result }: { result: SearchResult }) {
  return (
    <Paper withBorder p="md" component={Link} to={searchResultHref(result)} style={{ color: 'inherit', textDecoration: 'none', display: 'block' }} data-testid="search-result">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {result.title}
          </Text>
          <Badge variant="light" color="fieldbook" style={{ flex: 'none' }}>
            {Math.round(result.score * 100)}% match
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {excerptParts(result.excerpt).map((part, i) =>
            part.isMatch ? (
              <Text key={i} component="mark" fw={700} c="inherit" bg="yellow.2" px={2} style={{ borderRadius: 3 }}>
                {part.text}
              </Text>
            ) : (
              <span key={i}>{part.text}</span>
            ),
          )}
        </Text>
        <NextVisitLine visit={result.next_visit} />
        <Text size="xs" c="dimmed" fs="italic">
          {result.match_reason}
        </Text>
        <Group gap={6} wrap="wrap">
          <Badge variant="outline" color="gray">
            {TYPE_LABEL[result.type]}
          </Badge>
          {result.status && (
            <Badge variant="light" color={colorOf(TASK_STATUS_COLOR, result.status)} tt="capitalize">
              {result.status}
            </Badge>
          )}
          {result.priority && (
            <Badge variant="light" color={colorOf(PRIORITY_COLOR, result.priority)} tt="capitalize">
              {result.priority} priority
            </Badge>
          )}
          <Text size="xs" c="dimmed" ff="monospace" title={result.id}>
            ID {result.id.slice(0, 8)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
