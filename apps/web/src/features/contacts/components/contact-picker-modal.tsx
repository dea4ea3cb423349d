import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Contact } from '@fieldbook/contract';
import { useEffect, useState } from 'react';
import { ContactPickerList } from './contact-picker-list';

/**
 * The contact picker modal (spec 001 §2), used from recordings, send flows and the job screens.
 *
 *   <ContactPickerModal opened={o} onClose={close} onConfirm={(contacts) => …} maxSelection={1} />
 *
 * - maxSelection: at most this many contacts (default unlimited); 1 = a single choice.
 * - initialSelectedIds: contact ids ticked when the modal opens.
 * - onConfirm receives the chosen Contact objects (phone_number is digits only); the modal then closes.
 * (Creating a contact group from here needs the groups issue; it is left out rather than faked.)
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
  const [chosen, setChosen] = useState<Contact[]>([]);

  // Each opening starts from the caller's selection.
  useEffect(() => {
    if (opened) {
      setIds(initialSelectedIds ?? []);
      setChosen([]);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on open
  }, [opened]);

  return (
    <Modal opened={opened} onClose={onClose} title={title} fullScreen={isPhone} size="md">
      <Stack gap="md">
        <ContactPickerList
          value={ids}
          maxSelection={maxSelection}
          onChange={(next, contacts) => {
            setIds(next);
            setChosen(contacts);
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
