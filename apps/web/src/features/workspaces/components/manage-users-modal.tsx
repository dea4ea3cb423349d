import { ActionIcon, Alert, Box, Button, Checkbox, Group, Loader, Modal, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import type { WorkspaceSummary, WorkspaceUser } from '@fieldbook/contract';
import { useEffect, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { errorReason } from '../../../lib/error-reason';
import { useAssignUsers, useRemoveWorkspaceUser, useUnassignedUsers, useWorkspaceUsers } from '../api/manage-workspaces';

const userLabel = (u: WorkspaceUser) => u.full_name || u.user_name || u.email;

/**
 * The manage-users modal (spec 002 §2): current users on the left with a remove button each, users without a
 * workspace on the right with checkboxes and 'Assign N Users'.
 */
export function ManageUsersModal({ workspace, onClose }: { workspace: WorkspaceSummary | null; onClose: () => void }) {
  return (
    <Modal opened={workspace !== null} onClose={onClose} title={workspace ? `Manage Users: ${workspace.name}` : ''} size="xl">
      {workspace && <ManageUsers workspace={workspace} />}
    </Modal>
  );
}

function ManageUsers({ workspace }: { workspace: WorkspaceSummary }) {
  const current = useWorkspaceUsers(workspace.id);
  const available = useUnassignedUsers(true);
  const assign = useAssignUsers();
  const remove = useRemoveWorkspaceUser();
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (current.isError || available.isError) toast.error('Failed to load users', { id: 'load-users' });
  }, [current.isError, available.isError]);

  const assignSelected = () => {
    if (selected.length === 0) {
      toast.error('Please select users to assign');
      return;
    }
    setError(null);
    assign.mutate(
      { id: workspace.id, userIds: selected },
      {
        onSuccess: (r) => {
          toast.success(`Assigned ${r.assigned} users to ${workspace.name}`);
          setSelected([]);
        },
        onError: (err) => {
          setError(`Failed to assign users: ${errorReason(err)}`);
          toast.error('Failed to assign users');
        },
      },
    );
  };

  const removeUser = (user: WorkspaceUser) => {
    if (!window.confirm(`Are you sure you want to remove ${userLabel(user)} from this workspace?`)) return;
    setError(null);
    remove.mutate(
      { id: workspace.id, userId: user.id },
      {
        onSuccess: () => toast.success('User removed from workspace'),
        onError: (err) => {
          setError(`Failed to remove user: ${errorReason(err)}`);
          toast.error('Failed to remove user');
        },
      },
    );
  };

  return (
    <Stack gap="md">
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <UserColumn title="Current Users" count={current.data?.users.length ?? 0} isPending={current.isPending} empty="No users in this workspace.">
          <Stack gap={4} data-testid="current-users">
            {current.data?.users.map((u) => (
              <Group key={u.id} justify="space-between" wrap="nowrap" gap="xs">
                <Box miw={0}>
                  <Text size="sm" fw={500} truncate>
                    {userLabel(u)}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {u.email}
                  </Text>
                </Box>
                <ActionIcon variant="subtle" color="red" aria-label={`Remove ${userLabel(u)}`} onClick={() => removeUser(u)} size="lg">
                  <IconUserMinus size={18} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        </UserColumn>
        <UserColumn
          title="Available Users"
          count={available.data?.users.length ?? 0}
          isPending={available.isPending}
          empty="No users without a workspace."
          footer={
            <Button mt="sm" onClick={assignSelected} loading={assign.isPending}>
              Assign {selected.length} Users
            </Button>
          }
        >
          <Checkbox.Group value={selected} onChange={setSelected}>
            <Stack gap={6} data-testid="available-users">
              {available.data?.users.map((u) => (
                <Checkbox key={u.id} value={u.id} label={u.email === userLabel(u) ? u.email : `${userLabel(u)} (${u.email})`} />
              ))}
            </Stack>
          </Checkbox.Group>
        </UserColumn>
      </SimpleGrid>
    </Stack>
  );
}

/** One column of the modal: a titled, counted list of at most 15rem, with its loading and empty states. */
function UserColumn({ title, count, isPending, empty, footer, children }: { title: string; count: number; isPending: boolean; empty: string; footer?: ReactNode; children: ReactNode }) {
  return (
    <Box>
      <Title order={4} mb="xs">
        {title} ({count})
      </Title>
      <ScrollArea.Autosize mah="15rem" type="auto">
        {isPending ? (
          <Loader size="sm" aria-label="Loading users" />
        ) : count === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          children
        )}
      </ScrollArea.Autosize>
      {footer}
    </Box>
  );
}
