import { Alert, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconRefresh, IconRobot } from '@tabler/icons-react';
import { GROUP_ASSISTANT_MESSAGES, type GroupAssistantRow } from '@fieldbook/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorReason } from '../../../lib/error-reason';
import { useGroupAssistants } from '../api/get-group-assistants';
import { filterRows, hasFilters, NO_FILTERS, type AssistantFilters } from '../lib/assistant-filters';
import { AssistantConfigDialog } from './assistant-config-dialog';
import { AssistantFiltersBar } from './assistant-filters-bar';
import { AssistantCards, AssistantTable } from './assistant-table';
import { FineTuneDialog } from './fine-tune-dialog';
import { useAssistantActions, type ActionAlert } from './use-assistant-actions';

function ActionAlertBanner({ alert, onClose }: { alert: ActionAlert; onClose: () => void }) {
  return (
    <Alert color="red" variant="light" role="alert" title={alert.message} withCloseButton onClose={onClose}>
      {alert.reason}
    </Alert>
  );
}

function EmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <Paper withBorder p="xl" ta="center">
      <Stack align="center" gap="sm">
        <IconRobot size={32} color="var(--mantine-color-dimmed)" />
        <Text fw={600}>{filtered ? 'No groups match your filters' : 'No groups yet'}</Text>
        <Text size="sm" c="dimmed" maw={420}>
          {filtered ? 'Change the filters or clear them to see every group.' : 'Each group of your workspace can have its own assistant, trained on its calls and documents.'}
        </Text>
        <Group gap="sm" justify="center">
          <Button component={Link} to="/groups" variant="light">
            Manage Groups
          </Button>
          <Button variant="default" onClick={onClear}>
            Clear Filters
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /group-assistants and /group-assistant-admin (spec 002 §2; the route makes it admin only, the server too). */
export function GroupAssistantsScreen() {
  const list = useGroupAssistants();
  const actions = useAssistantActions();
  const [filters, setFilters] = useState<AssistantFilters>(NO_FILTERS);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [configFor, setConfigFor] = useState<GroupAssistantRow | null>(null);
  const [fineTuneId, setFineTuneId] = useState<string | null>(null);
  // Spec 002: a card layout under 768 px (Mantine's sm breakpoint).
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });

  const rows = list.data?.items ?? [];
  const shown = filterRows(rows, filters);
  // The row is read from the list each render, so the dialog counts what the server says now.
  const fineTuneRow = rows.find((r) => r.group.id === fineTuneId) ?? null;

  const toggle = (id: string) =>
    setExpanded((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const refresh = async () => {
    actions.setAlert(null);
    const r = await list.refetch();
    if (r.isError) {
      actions.setAlert({ message: GROUP_ASSISTANT_MESSAGES.refreshFailed, reason: errorReason(r.error) });
      toast.error(GROUP_ASSISTANT_MESSAGES.refreshFailed);
    }
  };
  const listProps = { rows: shown, actions, expanded, onToggle: toggle, onConfigure: setConfigFor, onFineTune: (r: GroupAssistantRow) => setFineTuneId(r.group.id) };

  return (
    <>
      <PageHeader
        title="Group Assistants"
        description="An assistant per group, trained on the group's calls and documents: initialize, configure, extract examples and fine-tune."
        actions={
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void refresh()} loading={list.isFetching && !list.isPending}>
            Refresh
          </Button>
        }
      />
      <Stack gap="md">
        <AssistantFiltersBar value={filters} onChange={setFilters} onClear={() => setFilters(NO_FILTERS)} canClear={hasFilters(filters)} />
        {actions.alert && <ActionAlertBanner alert={actions.alert} onClose={() => actions.setAlert(null)} />}
        {list.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading group assistants" />
          </Center>
        ) : list.isError && !list.data ? (
          <LoadError error={list.error} title={GROUP_ASSISTANT_MESSAGES.loadFailed} message={errorReason(list.error)} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
        ) : shown.length === 0 ? (
          <EmptyState filtered={rows.length > 0} onClear={() => setFilters(NO_FILTERS)} />
        ) : isPhone ? (
          <AssistantCards {...listProps} />
        ) : (
          <AssistantTable {...listProps} />
        )}
      </Stack>
      <AssistantConfigDialog target={configFor && { groupId: configFor.group.id, groupName: configFor.group.name }} onClose={() => setConfigFor(null)} />
      <FineTuneDialog row={fineTuneRow} onClose={() => setFineTuneId(null)} />
    </>
  );
}
