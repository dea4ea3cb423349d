import { ActionIcon, Anchor, Badge, Button, Card, Center, Group as Row, Loader, Modal, SimpleGrid, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash, IconUserPlus, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { groupRoleLabel, type Group, type GroupBody } from '@fieldbook/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { LoadError } from '../../../components/load-error';
import { errorReason } from '../../../lib/error-reason';
import { useCreateGroup, useDeleteGroup, useGroups, useUpdateGroup } from '../api/groups';
import { groupColor, memberCountLabel } from '../lib/group-display';
import { GroupFormModal, type GroupFormTarget } from './group-form-modal';
import { InviteModal } from './invite-modal';
import { PendingInvitations } from './pending-invitations';
import { MembersList } from './members-list';

export const DELETE_GROUP_CONFIRM = 'Are you sure you want to delete this group? This action cannot be undone.';

const canInvite = (g: Group) => g.is_creator || g.my_role === 'admin';

function GroupCard({ group, onMembers, onInvite, onEdit, onDelete }: { group: Group; onMembers: () => void; onInvite: () => void; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card withBorder padding="md" data-testid="group-card" aria-label={group.name} style={{ borderTop: `4px solid var(--mantine-color-${groupColor(group.id)}-5)` }}>
      <Stack gap={6} style={{ flex: 1 }}>
        <Row justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={Link} to={`/group-detail/${group.id}`} fw={700} size="lg" c="inherit" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {group.name}
          </Anchor>
          <Badge variant="light" color={group.is_creator ? 'fieldbook' : 'gray'} style={{ flexShrink: 0 }}>
            {group.is_creator ? 'Creator' : groupRoleLabel(group.my_role ?? 'view_only')}
          </Badge>
        </Row>
        {group.description && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {group.description}
          </Text>
        )}
        <Text size="sm" fw={500}>
          {memberCountLabel(group.member_count)}
        </Text>
      </Stack>
      <Row gap={4} mt="sm" justify="flex-end">
        <Tooltip label="View members">
          <ActionIcon variant="subtle" size="lg" aria-label={`Members of ${group.name}`} onClick={onMembers}>
            <IconUsers size={18} />
          </ActionIcon>
        </Tooltip>
        {canInvite(group) && (
          <Tooltip label="Invite members">
            <ActionIcon variant="subtle" size="lg" aria-label={`Invite to ${group.name}`} onClick={onInvite}>
              <IconUserPlus size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        {group.is_creator && (
          <>
            <Tooltip label="Edit">
              <ActionIcon variant="subtle" size="lg" aria-label={`Edit ${group.name}`} onClick={onEdit}>
                <IconEdit size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete">
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Delete ${group.name}`} onClick={onDelete}>
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </>
        )}
      </Row>
    </Card>
  );
}

/** /groups (spec 002 §2): cards of the groups the user created or joined, with their modals. */
export function GroupsScreen() {
  const groups = useGroups();
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const remove = useDeleteGroup();
  const [formTarget, setFormTarget] = useState<GroupFormTarget | null>(null);
  const [inviteTo, setInviteTo] = useState<Group | null>(null);
  const [membersOf, setMembersOf] = useState<Group | null>(null);

  const submit = (body: GroupBody) => {
    const done = { onSuccess: () => setFormTarget(null), onError: (e: Error) => toast.error(errorReason(e)) };
    if (formTarget?.kind === 'edit') update.mutate({ id: formTarget.group.id, body }, done);
    else create.mutate(body, done);
  };
  const deleteGroup = (g: Group) => {
    if (!window.confirm(DELETE_GROUP_CONFIRM)) return;
    remove.mutate(g.id, { onError: (e) => toast.error(errorReason(e)) });
  };

  const list = groups.data?.groups ?? [];
  return (
    <>
      <PageHeader
        title="Groups"
        description="Your crews and teams: who is in them, and inviting new people by text."
        actions={
          list.length > 0 && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setFormTarget({ kind: 'create' })}>
              Create Group
            </Button>
          )
        }
      />
      <PendingInvitations />
      {groups.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading groups" />
        </Center>
      ) : groups.isError ? (
        <LoadError error={groups.error} title="Could not load groups" message={`Failed to load groups: ${errorReason(groups.error)}`} onRetry={() => void groups.refetch()} isRetrying={groups.isFetching} />
      ) : list.length === 0 ? (
        <Card withBorder padding="xl">
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon size={52} radius="xl" variant="light">
              <IconUsersGroup size={28} />
            </ThemeIcon>
            <Title order={3}>No Groups Found</Title>
            <Text c="dimmed">You haven't created or joined any groups yet.</Text>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setFormTarget({ kind: 'create' })}>
              Create Your First Group
            </Button>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {list.map((g) => (
            <GroupCard
              key={g.id}
              group={g}
              onMembers={() => setMembersOf(g)}
              onInvite={() => setInviteTo(g)}
              onEdit={() => setFormTarget({ kind: 'edit', group: g })}
              onDelete={() => deleteGroup(g)}
            />
          ))}
        </SimpleGrid>
      )}
      <GroupFormModal target={formTarget} onClose={() => setFormTarget(null)} onSubmit={submit} isSaving={create.isPending || update.isPending} />
      <InviteModal group={inviteTo} onClose={() => setInviteTo(null)} />
      <Modal opened={membersOf !== null} onClose={() => setMembersOf(null)} title={membersOf ? `${membersOf.name} Members` : ''} size="lg">
        {membersOf && <MembersList group={membersOf} />}
      </Modal>
    </>
  );
}
