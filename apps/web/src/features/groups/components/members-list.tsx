import { ActionIcon, Alert, Avatar, Badge, Box, Center, Group as Row, Loader, ScrollArea, Select, Stack, Text } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { formatPhoneInput, groupRoleLabel, type Group, type GroupMember, type GroupRole } from '@fieldbook/contract';
import toast from 'react-hot-toast';
import { errorReason } from '../../../lib/error-reason';
import { initialsOf } from '../../contacts';
import { useGroupMembers, useRemoveMember, useUpdateMemberRole } from '../api/groups';
import { GROUP_LIST_MAX_HEIGHT } from './invite-modal';
import { ROLE_OPTIONS } from './role-options';

const ROLE_COLORS: Record<GroupRole, string> = { admin: 'fieldbook', member: 'blue', view_only: 'gray' };

/**
 * A group's members (spec 002 §2): name, phone and role label; the creator sees a role choice and a remove button
 * on every row but their own (the server refuses everyone else anyway).
 */
export function MembersList({ group, scroll = true }: { group: Group; scroll?: boolean }) {
  const members = useGroupMembers(group.id);
  const updateRole = useUpdateMemberRole();
  const remove = useRemoveMember();

  if (members.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading members" />
      </Center>
    );
  }
  if (members.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorReason(members.error)}
      </Alert>
    );
  }

  const changeRole = (m: GroupMember, role: GroupRole) =>
    updateRole.mutate({ groupId: group.id, memberId: m.id, role }, { onSuccess: () => toast.success('Member role updated successfully'), onError: (e) => toast.error(errorReason(e)) });
  const removeMember = (m: GroupMember) => {
    if (!window.confirm(`Are you sure you want to remove ${m.display_name} from ${group.name}?`)) return;
    remove.mutate({ groupId: group.id, memberId: m.id }, { onSuccess: () => toast.success('Member removed successfully'), onError: (e) => toast.error(errorReason(e)) });
  };

  const rows = (
    <Stack gap="xs" data-testid="member-list">
      {members.data.members.map((m) => {
        const canManage = group.is_creator && !m.is_creator;
        return (
          <Row key={m.id} justify="space-between" wrap="nowrap" gap="sm" data-testid="member-row" aria-label={m.display_name}>
            <Row gap="sm" wrap="nowrap" miw={0}>
              <Avatar radius="xl" color={ROLE_COLORS[m.role]} variant="light">
                {initialsOf(m.display_name)}
              </Avatar>
              <Box miw={0}>
                <Text fw={600} size="sm" truncate>
                  {m.display_name}
                  {m.is_creator && (
                    <Text span size="xs" c="dimmed" fw={400}>
                      {' '}
                      · creator
                    </Text>
                  )}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {m.phone_number ? formatPhoneInput(m.phone_number.replace(/^\+1/, '')) : (m.email ?? '')}
                </Text>
              </Box>
            </Row>
            {canManage ? (
              <Row gap={4} wrap="nowrap">
                <Select
                  aria-label={`Role of ${m.display_name}`}
                  size="xs"
                  w={116}
                  data={ROLE_OPTIONS}
                  value={m.role}
                  allowDeselect={false}
                  onChange={(v) => v && v !== m.role && changeRole(m, v as GroupRole)}
                />
                <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove ${m.display_name}`} onClick={() => removeMember(m)}>
                  <IconUserMinus size={18} />
                </ActionIcon>
              </Row>
            ) : (
              <Badge variant="light" color={ROLE_COLORS[m.role]}>
                {groupRoleLabel(m.role)}
              </Badge>
            )}
          </Row>
        );
      })}
    </Stack>
  );
  return scroll ? (
    <ScrollArea.Autosize mah={GROUP_LIST_MAX_HEIGHT} type="auto" offsetScrollbars>
      {rows}
    </ScrollArea.Autosize>
  ) : (
    rows
  );
}
