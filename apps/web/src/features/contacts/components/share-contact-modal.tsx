import { Alert, Button, Center, Checkbox, Group, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import type { Contact } from '@fieldbook/contract';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useAuth } from '../../../lib/auth-provider';
import { errorReason } from '../../../lib/error-reason';
import { useShareContact, useShareGroups } from '../api/share-contact';

/** Spec 001 §8 texts of the share-with-groups modal. */
export const SHARE_TEXTS = {
  noGroups: "You don't have any groups to share with",
  failed: 'Failed to update sharing',
  signedOut: 'You must be logged in to share contacts',
} as const;

/**
 * The share-with-groups modal (spec 001 §2): the groups the user can see, ticked where the contact is shared
 * already; Save replaces the set. Members of a ticked group then read the contact (read-only).
 */
export function ShareContactModal({ contact, opened, onClose }: { contact: Contact; opened: boolean; onClose: () => void }) {
  const { user } = useAuth();
  const groups = useShareGroups(opened && Boolean(user));
  const share = useShareContact();
  const [ids, setIds] = useState<string[]>(contact.shared_group_ids);

  // Each opening starts from what is saved.
  useEffect(() => {
    if (opened) {
      setIds(contact.shared_group_ids);
      share.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on open
  }, [opened]);

  const save = () =>
    share.mutate(
      { id: contact.id, groupIds: ids },
      { onSuccess: () => (toast.success(ids.length ? `${contact.name} is shared with ${ids.length} group(s)` : `${contact.name} is no longer shared`), onClose()) },
    );

  const list = groups.data?.groups ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title={`Share ${contact.name} with Groups`} size="md">
      <Stack gap="md">
        {!user ? (
          <Alert color="red" variant="light" role="alert">
            {SHARE_TEXTS.signedOut}
          </Alert>
        ) : groups.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label="Loading groups" />
          </Center>
        ) : groups.isError ? (
          <Alert color="red" variant="light" role="alert">
            {groups.error.message}
          </Alert>
        ) : list.length === 0 ? (
          <Text c="dimmed">{SHARE_TEXTS.noGroups}</Text>
        ) : (
          <>
            {share.isError && (
              <Alert color="red" variant="light" role="alert" title={SHARE_TEXTS.failed}>
                {errorReason(share.error)}
              </Alert>
            )}
            <Text size="sm" c="dimmed">
              Members of the groups you tick can see this contact; only you can change it.
            </Text>
            <ScrollArea.Autosize mah="15rem" type="auto">
              <Checkbox.Group value={ids} onChange={setIds} aria-label="Groups">
                <Stack gap="xs">
                  {list.map((g) => (
                    <Checkbox key={g.id} value={g.id} label={g.name} description={`${g.member_count} ${g.member_count === 1 ? 'member' : 'members'}`} />
                  ))}
                </Stack>
              </Checkbox.Group>
            </ScrollArea.Autosize>
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={share.isPending} disabled={!user || list.length === 0}>
            Save Sharing
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
