import { Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconExternalLink, IconListCheck, IconRocket, IconSettings, IconWand } from '@tabler/icons-react';
import type { GroupAssistantRow } from '@fieldbook/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isRunning, modelLabel, shortId } from '../lib/assistant-status';
import type { AssistantActions } from './use-assistant-actions';

const date = (iso: string) => new Date(iso).toLocaleDateString();
const dateTime = (iso: string) => new Date(iso).toLocaleString();

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" miw={110}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Title order={3} fz="sm" tt="uppercase" c="dimmed">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

type Props = { row: GroupAssistantRow; actions: AssistantActions; onConfigure: (row: GroupAssistantRow) => void; onFineTune: (row: GroupAssistantRow) => void };

/** A row expanded (spec 002 §2): Group Information, Assistant Information, Actions. */
export function AssistantDetails({ row, actions, onConfigure, onFineTune }: Props) {
  const { group, stats } = row;
  const running = isRunning(stats?.creation_status);
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" py="xs" data-testid="assistant-details">
      <Section title="Group Information">
        <Fact label="ID">
          <Text span size="sm" ff="monospace" title={group.id}>
            {shortId(group.id)}
          </Text>
        </Fact>
        <Fact label="Description">{group.description || <Text span size="sm" c="dimmed">No description</Text>}</Fact>
        <Fact label="Created">{date(group.created_at)}</Fact>
      </Section>
      <Section title="Assistant Information">
        <Fact label="Model">{modelLabel(stats?.base_model)}</Fact>
        <Fact label="Last Trained">{stats?.last_trained ? dateTime(stats.last_trained) : 'Never'}</Fact>
        <Fact label="Total examples">{stats?.training_examples_count ?? 0}</Fact>
        <Fact label="Has fine-tuned model">
          <Badge size="sm" color={stats?.has_model ? 'green' : 'gray'} variant="light" data-testid="has-model">
            {stats?.has_model ? 'Yes' : 'No'}
          </Badge>
        </Fact>
        {stats?.model_id && (
          <Fact label="Fine-tuned model">
            <Text span size="xs" ff="monospace">
              {stats.model_id}
            </Text>
          </Fact>
        )}
      </Section>
      <Section title="Actions">
        <Group gap="xs" wrap="wrap">
          {stats ? (
            <>
              <Button size="xs" variant="light" leftSection={<IconSettings size={14} />} onClick={() => onConfigure(row)}>
                Edit Configuration
              </Button>
              <Button size="xs" variant="light" leftSection={<IconWand size={14} />} loading={actions.busy.extract === group.id} onClick={() => actions.extract(group.id, group.workspace_id)}>
                Extract Examples
              </Button>
              <Button size="xs" variant="light" color="violet" leftSection={<IconRocket size={14} />} disabled={running} onClick={() => onFineTune(row)}>
                Fine-tune
              </Button>
              <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} loading={actions.busy.export === group.id} onClick={() => actions.exportExamples(group.id)}>
                Export Examples
              </Button>
              <Button size="xs" variant="default" component={Link} to={`/assistant-examples/${group.id}`} leftSection={<IconListCheck size={14} />}>
                Manage Training Examples
              </Button>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              Initialize the assistant to configure, train and export it.
            </Text>
          )}
          <Button size="xs" variant="default" component={Link} to={`/groups/${group.id}`} leftSection={<IconExternalLink size={14} />}>
            View Group
          </Button>
        </Group>
      </Section>
    </SimpleGrid>
  );
}
