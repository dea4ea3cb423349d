import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { usePhotoReports } from '../api/photo-reports';

const STATUS = { pending: { label: 'Being made', color: 'blue' }, done: { label: 'Ready', color: 'green' }, failed: { label: 'Failed', color: 'red' } } as const;

/** The job's photo reports: being made (polled), ready (its document opens), or failed with the reason. */
export function PhotoReportsList({ jobId }: { jobId: string }) {
  const reports = usePhotoReports(jobId);
  const list = reports.data?.reports ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-label="Photo reports">
      <Text fw={600} size="sm">
        Photo reports
      </Text>
      {list.slice(0, 5).map((r) => (
        <Group key={r.id} justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} miw={0}>
            {r.document_id ? (
              <Anchor component={Link} to={`/documents/${r.document_id}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {r.title}
              </Anchor>
            ) : (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {r.title}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {r.photo_count} photo{r.photo_count === 1 ? '' : 's'}
              {r.status === 'failed' && r.error ? ` · ${r.error}` : ''}
            </Text>
          </Stack>
          <Badge color={STATUS[r.status].color} variant="light" style={{ flexShrink: 0 }}>
            {STATUS[r.status].label}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}
