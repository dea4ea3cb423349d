import { Alert, Anchor, Button, Center, Group, Loader, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconWand } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorReason } from '../../../lib/error-reason';
import { useGroupAssistants } from '../api/get-group-assistants';
import { useTrainingExamples } from '../api/get-training-examples';
import { countByStatus, filterExamples, sortBestFirst, type ExampleFilter } from '../lib/training-examples';
import { TrainingExampleItem } from './training-example-item';
import { useAssistantActions } from './use-assistant-actions';

export const LOAD_EXAMPLES_FAILED = 'Failed to load training examples';

/** /assistant-examples/:id: review a group's training examples, best first — approve, reject, edit; extract and export. */
export function TrainingExamplesScreen({ groupId }: { groupId: string }) {
  const examples = useTrainingExamples(groupId);
  // Extraction needs the group's workspace, which the administration list carries.
  const list = useGroupAssistants();
  const row = list.data?.items.find((r) => r.group.id === groupId);
  const actions = useAssistantActions();
  const [filter, setFilter] = useState<ExampleFilter>('all');
  // The four filters with their counts fit a 390 px screen in the small size.
  const isPhone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });

  const items = sortBestFirst(examples.data?.items ?? []);
  const counts = countByStatus(items);
  const shown = filterExamples(items, filter);
  const label = (f: ExampleFilter, text: string) => ({ value: f, label: `${text} (${counts[f]})` });

  return (
    <>
      <Anchor component={Link} to="/group-assistants" size="sm" mb="xs" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={14} /> Back to Group Assistants
      </Anchor>
      <PageHeader
        title={examples.data ? `Training Examples — ${examples.data.group.name}` : 'Training Examples'}
        description="Question and answer pairs drawn from the group's calls and documents. Fine-tuning uses the approved ones."
        actions={
          <Group gap="sm">
            <Button variant="light" leftSection={<IconWand size={16} />} disabled={!row} loading={actions.busy.extract === groupId} onClick={() => row && actions.extract(groupId, row.group.workspace_id)}>
              Extract Examples
            </Button>
            <Button variant="default" leftSection={<IconDownload size={16} />} loading={actions.busy.export === groupId} onClick={() => actions.exportExamples(groupId)}>
              Export Examples
            </Button>
          </Group>
        }
      />
      <Stack gap="md">
        {actions.alert && (
          <Alert color="red" variant="light" role="alert" title={actions.alert.message} withCloseButton onClose={() => actions.setAlert(null)}>
            {actions.alert.reason}
          </Alert>
        )}
        {examples.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading training examples" />
          </Center>
        ) : examples.isError ? (
          <LoadError error={examples.error} title={LOAD_EXAMPLES_FAILED} message={errorReason(examples.error)} onRetry={() => void examples.refetch()} isRetrying={examples.isFetching} />
        ) : (
          <>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <SegmentedControl
                aria-label="Filter by status"
                value={filter}
                onChange={(v) => setFilter(v as ExampleFilter)}
                data={[label('all', 'All'), label('pending', 'Pending'), label('approved', 'Approved'), label('rejected', 'Rejected')]}
                size={isPhone ? 'xs' : 'sm'}
                fullWidth={isPhone}
                style={{ maxWidth: '100%', overflowX: 'auto' }}
              />
              <Text size="sm" c="dimmed" data-testid="example-counts">
                {counts.all} examples · {counts.approved} approved · {counts.pending} pending · {counts.rejected} rejected
              </Text>
            </Group>
            {shown.length === 0 ? (
              <Paper withBorder p="xl" ta="center">
                <Text c="dimmed">{counts.all === 0 ? `No training examples yet. Extract them from the group's calls and documents.` : 'No examples with this status.'}</Text>
              </Paper>
            ) : (
              <Stack gap="sm">
                {shown.map((e) => (
                  <TrainingExampleItem key={e.id} example={e} />
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </>
  );
}

