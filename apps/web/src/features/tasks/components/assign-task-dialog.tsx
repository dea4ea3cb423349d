import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lookupPhone, type Contact, type Task } from '@fieldbook/contract';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { useContacts } from '../../contacts';
import { usePhoneDirectory } from '../../contacts';
import { ContactPickerList } from '../../contacts';
import { useAssignTask } from '../api/assign-task';
import { assigneeName } from '../lib/group-tasks';
import { FormActions } from '../../../components/form-actions';

/**
 * The Assign Task dialog (spec 001 §2): one contact as the assignee. Assign Task is disabled until a contact is
 * chosen and while it is the current assignee (spec 001 §5).
 */
export function AssignTaskDialog({ task, onClose }: { task: Task | null; onClose: () => void }) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  // Only to tell "no contacts yet" apart: the picker searches on its own.
  const contacts = useContacts({ enabled: task !== null });
  const assign = useAssignTask();
  const [selected, setSelected] = useState<Contact | null>(null);

  const assigneePhones = useMemo(() => [task?.assigned_to], [task?.assigned_to]);
  const directory = usePhoneDirectory(assigneePhones);
  const current = task ? lookupPhone(task.assigned_to, directory.index) : null;

  // Each opening starts at the task's current assignee.
  useEffect(() => setSelected(current), [task?.id, current?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- by id

  const isSame = Boolean(task && selected && selected.phone_number === task.assigned_to);

  const submit = (phone: string | null, name: string) => {
    if (!task) return;
    assign.mutate(
      { id: task.id, assigned_to: phone },
      {
        onSuccess: () => {
          toast.success(phone ? `Task assigned to ${name}` : 'Task unassigned');
          onClose();
        },
        onQueued: onClose,
        onError: () => toast.error('Failed to assign task'),
      },
    );
  };

  return (
    <Modal opened={task !== null} onClose={onClose} title="Assign Task" fullScreen={isPhone} size="md">
      {task && (
        <Stack gap="md">
          <div>
            <Text size="sm" fw={600} lineClamp={3}>
              {task.description}
            </Text>
            <Text size="xs" c="dimmed">
              Currently: {assigneeName(task)}
            </Text>
          </div>
          <ContactPickerList
            label="Search assignees"
            value={selected ? [selected.id] : []}
            maxSelection={1}
            onChange={(_ids, picked) => setSelected(picked[0] ?? null)}
          />
          {contacts.isSuccess && contacts.data.total === 0 && (
            <Text size="sm" ta="center">
              <Anchor component={Link} to="/contacts">
                Add a contact
              </Anchor>{' '}
              to assign tasks to your crew.
            </Text>
          )}
          <FormActions
            submitLabel="Assign Task"
            isSaving={assign.isPending}
            submitDisabled={!selected || isSame}
            onSubmit={() => selected && submit(selected.phone_number, selected.name)}
            onCancel={onClose}
            start={
              task.assigned_to ? (
                <Button variant="subtle" color="red" onClick={() => submit(null, '')} disabled={assign.isPending}>
                  Unassign
                </Button>
              ) : null
            }
          />
        </Stack>
      )}
    </Modal>
  );
}
