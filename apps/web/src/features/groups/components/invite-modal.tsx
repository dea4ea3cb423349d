import { Button, Group as Row, Modal, Select, Stack, Text } from '@mantine/core';
import type { Group, GroupRole } from '@fieldbook/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorReason } from '../../../lib/error-reason';
import { ContactGroupBar, ContactPickerList } from '../../contacts';
import { useGroupMembers, useInvite } from '../api/groups';
import { inGroupFilter, invitationsSentMessage } from '../lib/group-display';
import { ROLE_OPTIONS } from './role-options';

/** Spec 002 §9: contact and member lists scroll at 15rem. */
export const GROUP_LIST_MAX_HEIGHT = '15rem';

/** The invite modal (spec 002 §2): 'Invite to {group}', a searchable contact list without people already in it. */
export function InviteModal({ group, onClose }: { group: Group | null; onClose: () => void }) {
  return (
    <Modal opened={group !== null} onClose={onClose} title={group ? `Invite to ${group.name}` : ''} size="lg">
      {group && <InviteForm group={group} onDone={onClose} />}
    </Modal>
  );
}

export function InviteForm({ group, onDone }: { group: Group; onDone: () => void }) {
  const members = useGroupMembers(group.id);
  const invite = useInvite();
  const [contactIds, setContactIds] = useState<string[]>([]);
  const [role, setRole] = useState<GroupRole>('member');
  const notInGroup = inGroupFilter(members.data?.members ?? []);

  const send = () => {
    if (contactIds.length === 0) {
      toast.error('Please select at least one contact to invite');
      return;
    }
    invite.mutate(
      { groupId: group.id, body: { contact_ids: contactIds, role } },
      {
        onSuccess: (r) => {
          toast.success(invitationsSentMessage(r.invited));
          onDone();
        },
        onError: (err) => toast.error(errorReason(err)),
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Each person gets a text message with a link to join. People already in the group are not listed.
      </Text>
      <ContactGroupBar value={contactIds} onChange={setContactIds} exclude={notInGroup} />
      <ContactPickerList
        label="Search contacts to invite"
        value={contactIds}
        onChange={setContactIds}
        notInGroup={group.id}
        exclude={notInGroup}
        maxHeight={GROUP_LIST_MAX_HEIGHT}
      />
      <Select label="Role" data={ROLE_OPTIONS} value={role} allowDeselect={false} onChange={(v) => v && setRole(v as GroupRole)} maw={240} />
      <Row justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={send} loading={invite.isPending}>
          Send Invitations{contactIds.length ? ` (${contactIds.length})` : ''}
        </Button>
      </Row>
    </Stack>
  );
}
