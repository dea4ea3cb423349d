import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Contact } from '@fieldbook/contract';
import { useEffect, useRef, useState } from 'react';
import { ContactGroupBar } from './contact-group-bar';
import { ContactPickerList } from './contact-picker-list';

/**
 * The contact picker modal (spec 001 §2), used from recordings, send flows and the job screens.
 *
 *   <ContactPickerModal opened={o} onClose={close} onConfirm={(contacts) => …} maxSelection={1} />
 *
 * - maxSelection: at most this many contacts (default unlimited); 1 = a single choice.
 * - initialSelectedIds: contact ids ticked when the modal opens.
 * - onConfirm receives the chosen Contact objects (phone_number is digits only); the modal then closes.
 * Above the list: the caller's contact groups (a click adds one's contacts) and 'New contact group'.
 */
export type ContactPickerModalProps = {
  opened: boolean;
  onClose: () => void;
  onConfirm: (contacts: Contact[]) => void;
  maxSelection?: number;
  initialSelectedIds?: string[];
  title?: string;
  confirmLabel?: string;
};

export function ContactPickerModal({
  opened,
  onClose,
  onConfirm,
  maxSelection,
  initialSelectedIds,
  title = 'Select Contacts',
  confirmLabel = 'Select',
}: ContactPickerModalProps) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const [ids, setIds] = useState<string[]>(initialSelectedIds ?? []);
  // Every contact seen in the list or a contact group, so the chosen ids become whole contacts on confirm.
  const seen = useRef(new Map<string, Contact>());
  const remember = (contacts: Contact[]) => contacts.forEach((c) => seen.current.set(c.id, c));
  const chosen = ids.map((id) => seen.current.get(id)).filter((c): c is Contact => Boolean(c));

  // Each opening starts from the caller's selection.
  useEffect(() => {
    if (opened) setIds(initialSelectedIds ?? []);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on open
  }, [opened]);

  return (
    <Modal opened={opened} onClose={onClose} title={title} fullScreen={isPhone} size="md">
      <Stack gap="md">
        <ContactGroupBar
          value={ids}
          maxSelection={maxSelection}
          onChange={(next, added) => {
            remember(added);
            setIds(next);
          }}
        />
        <ContactPickerList
          value={ids}
          maxSelection={maxSelection}
          onChange={(next, contacts) => {
            remember(contacts);
            setIds(next);
          }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={ids.length === 0}
            onClick={() => {
              onConfirm(chosen);
              onClose();
            }}
          >
            {confirmLabel}
            {ids.length > 1 ? ` (${ids.length})` : ''}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
