import { ActionIcon, Alert, Badge, Button, Center, Group, Loader, Pagination, Paper, SegmentedControl, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEdit, IconPlus, IconRefresh, IconRestore, IconSearch, IconTrash, IconUsers } from '@tabler/icons-react';
import { WORKSPACES_PAGE_SIZE, type WorkspaceBody, type WorkspaceSummary } from '@fieldbook/contract';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { PageHeader } from '../../../components/page-header';
import { LoadError } from '../../../components/load-error';
import { errorReason } from '../../../lib/error-reason';
import { useCreateWorkspace, useDeleteWorkspace, useRestoreWorkspace, useUpdateWorkspace, useWorkspaces } from '../api/manage-workspaces';
import { ManageUsersModal } from './manage-users-modal';
import { WorkspaceFormModal, type WorkspaceFormTarget } from './workspace-form-modal';

export const DELETE_WORKSPACE_CONFIRM = 'Are you sure you want to delete this workspace? This action cannot be undone and will remove all associations.';

const shortId = (id: string) => id.slice(0, 8);
const COUNT_FORMAT = new Intl.NumberFormat('en-US');
/** "Showing 501–520 of 520 workspaces" under the table. */
const showingText = (page: number, shown: number, total: number) =>
  `Showing ${COUNT_FORMAT.format(page * WORKSPACES_PAGE_SIZE + 1)}–${COUNT_FORMAT.format(page * WORKSPACES_PAGE_SIZE + shown)} of ${COUNT_FORMAT.format(total)} ${total === 1 ? 'workspace' : 'workspaces'}`;
const created = (w: WorkspaceSummary) => new Date(w.created_at).toLocaleDateString();

type RowActions = { onUsers: (w: WorkspaceSummary) => void; onEdit: (w: WorkspaceSummary) => void; onDelete: (w: WorkspaceSummary) => void; onRestore: (w: WorkspaceSummary) => void };

function Actions({ w, actions, isDeleted }: { w: WorkspaceSummary; actions: RowActions; isDeleted: boolean }) {
  if (isDeleted) {
    return (
      <Button size="xs" variant="light" leftSection={<IconRestore size={14} />} onClick={() => actions.onRestore(w)}>
        Restore
      </Button>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Assign users">
        <ActionIcon variant="subtle" size="lg" aria-label={`Manage users of ${w.name}`} onClick={() => actions.onUsers(w)}>
          <IconUsers size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" size="lg" aria-label={`Edit ${w.name}`} onClick={() => actions.onEdit(w)}>
          <IconEdit size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Delete ${w.name}`} onClick={() => actions.onDelete(w)}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** /workspace-management (spec 002 §2, admin only — the route wraps it in AdminOnly and the server refuses others). */
export function WorkspaceManagementScreen() {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const [view, setView] = useState<'active' | 'deleted'>('active');
  // The page belongs to one search and view: a new one starts at its first page.
  const [paging, setPaging] = useState({ key: '', page: 0 });
  const pageKey = `${view}\u0000${q}`;
  const page = paging.key === pageKey ? paging.page : 0;
  const list = useWorkspaces(q, view === 'deleted', page);
  const [formTarget, setFormTarget] = useState<WorkspaceFormTarget | null>(null);
  const [usersOf, setUsersOf] = useState<WorkspaceSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateWorkspace();
  const update = useUpdateWorkspace();
  const remove = useDeleteWorkspace();
  const restore = useRestoreWorkspace();

  const fail = (action: 'create' | 'update' | 'delete', err: unknown) => {
    setError(`Failed to ${action} workspace: ${errorReason(err)}`);
    toast.error(`Failed to ${action} workspace`);
  };

  const submitForm = (body: WorkspaceBody) => {
    setError(null);
    if (formTarget?.kind === 'edit') {
      update.mutate(
        { id: formTarget.workspace.id, body },
        {
          onSuccess: () => {
            toast.success('Workspace updated successfully');
            setFormTarget(null);
          },
          onError: (e) => fail('update', e),
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          toast.success('Workspace created successfully');
          setFormTarget(null);
        },
        onError: (e) => fail('create', e),
      });
    }
  };

  const actions: RowActions = {
    onUsers: setUsersOf,
    onEdit: (w) => setFormTarget({ kind: 'edit', workspace: w }),
    onDelete: (w) => {
      if (!window.confirm(DELETE_WORKSPACE_CONFIRM)) return;
      setError(null);
      remove.mutate(w.id, { onSuccess: () => toast.success('Workspace deleted successfully'), onError: (e) => fail('delete', e) });
    },
    onRestore: (w) =>
      restore.mutate(w.id, {
        onSuccess: () => toast.success(`Workspace restored: ${w.name}`),
        onError: (e) => toast.error(`Failed to restore workspace: ${errorReason(e)}`),
      }),
  };

  const rows = list.data?.workspaces ?? [];
  const total = list.data?.total ?? 0;
  const pageCount = Math.ceil(total / WORKSPACES_PAGE_SIZE);
  // A delete or restore can empty the last page: go to the page that is now the last.
  const isPastEnd = page > 0 && !list.isPlaceholderData && list.isSuccess && rows.length === 0;
  useEffect(() => {
    if (isPastEnd) setPaging({ key: pageKey, page: Math.max(0, pageCount - 1) });
  }, [isPastEnd, pageKey, pageCount]);
  const isDeleted = view === 'deleted';
  return (
    <>
      <PageHeader
        title="Workspace Management"
        description="Every contractor company on this server: their users and groups."
        actions={
          <Group gap="sm">
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void list.refetch()} loading={list.isFetching && !list.isPending}>
              Refresh
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setFormTarget({ kind: 'create' })}>
              Create Workspace
            </Button>
          </Group>
        }
      />
      <Stack gap="md">
        <Group gap="sm" wrap="wrap">
          <TextInput
            aria-label="Search workspaces"
            placeholder="Search workspaces..."
            leftSection={<IconSearch size={16} />}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            style={{ flex: '1 1 16rem' }}
            maw={{ sm: 420 }}
          />
          <SegmentedControl
            aria-label="Which workspaces"
            value={view}
            onChange={(v) => setView(v as 'active' | 'deleted')}
            data={[
              { value: 'active', label: 'Active' },
              { value: 'deleted', label: 'Deleted' },
            ]}
          />
        </Group>
        {error && (
          <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {list.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading workspaces" />
          </Center>
        ) : list.isError ? (
          <LoadError error={list.error} title="Could not load workspaces" message={`Failed to load workspaces: ${errorReason(list.error)}`} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
        ) : rows.length === 0 ? (
          <Paper withBorder p="xl" ta="center">
            <Text>
              {q
                ? 'No workspaces match your search criteria.'
                : isDeleted
                  ? 'No deleted workspaces.'
                  : 'No workspaces found. Create your first workspace to get started.'}
            </Text>
          </Paper>
        ) : (
          <>
            <Table.ScrollContainer minWidth={720} visibleFrom="sm">
              <Table striped highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Workspace</Table.Th>
                    <Table.Th>Description</Table.Th>
                    <Table.Th>Users</Table.Th>
                    <Table.Th>Groups</Table.Th>
                    <Table.Th>Created</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((w) => (
                    <Table.Tr key={w.id} data-testid="workspace-row">
                      <Table.Td>
                        <Text fw={600}>{w.name}</Text>
                        <Text size="xs" c="dimmed" ff="monospace">
                          {shortId(w.id)}
                        </Text>
                      </Table.Td>
                      <Table.Td>{w.description || <Text c="dimmed">No description</Text>}</Table.Td>
                      <Table.Td>{w.user_count}</Table.Td>
                      <Table.Td>{w.group_count}</Table.Td>
                      <Table.Td>{created(w)}</Table.Td>
                      <Table.Td>
                        <Actions w={w} actions={actions} isDeleted={isDeleted} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {/* Phones: one card per workspace instead of a table. */}
            <Stack gap="sm" hiddenFrom="sm">
              {rows.map((w) => (
                <Paper key={w.id} withBorder p="sm" data-testid="workspace-card">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600}>
                        {w.name}{' '}
                        <Text span size="xs" c="dimmed" ff="monospace">
                          {shortId(w.id)}
                        </Text>
                      </Text>
                      <Text size="sm" c={w.description ? undefined : 'dimmed'}>
                        {w.description || 'No description'}
                      </Text>
                      <Group gap="xs" mt={4}>
                        <Badge variant="light">{w.user_count} users</Badge>
                        <Badge variant="light" color="gray">
                          {w.group_count} groups
                        </Badge>
                        <Text size="xs" c="dimmed">
                          {created(w)}
                        </Text>
                      </Group>
                    </div>
                    <Actions w={w} actions={actions} isDeleted={isDeleted} />
                  </Group>
                </Paper>
              ))}
            </Stack>
            <Stack gap="xs" align="center">
              {pageCount > 1 && (
                <Pagination
                  total={pageCount}
                  value={page + 1}
                  onChange={(n) => setPaging({ key: pageKey, page: n - 1 })}
                  siblings={1}
                  boundaries={1}
                  size="sm"
                  disabled={list.isPlaceholderData}
                  getControlProps={(control) => ({ 'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control })}
                  aria-label="Workspace pages"
                  component="nav"
                />
              )}
              <Text size="sm" c="dimmed" aria-live="polite">
                {showingText(page, rows.length, total)}
              </Text>
            </Stack>
          </>
        )}
      </Stack>
      <WorkspaceFormModal target={formTarget} onClose={() => setFormTarget(null)} onSubmit={submitForm} isSaving={create.isPending || update.isPending} />
      <ManageUsersModal workspace={usersOf} onClose={() => setUsersOf(null)} />
    </>
  );
}
