import { Button, Group, Modal, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { formatPhoneInput, type Contact, type TaskPriority } from '@fieldbook/contract';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { fieldErrorsOf } from '../../../lib/api-client';
import { useContacts } from '../../contacts';
import { useCreateTask } from '../api/create-task';
import { useJobSelect, type JobChoice } from './use-job-select';
import { CREATE_TASK_SERVER_FIELDS, emptyCreateTaskForm, toCreateTaskBody, validateCreateTask, type CreateTaskFormValues } from '../lib/create-task-form';
import { localIsoDate } from '../../../lib/due-status';

export type { JobChoice } from './use-job-select';

type CreateTaskDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** Opened from a job ("Create Task for this Job"): that job, preselected. */
  initialJob?: JobChoice | null;
};

const PRIORITIES: Array<{ value: TaskPriority; label: string }> = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
];

const assigneeLabel = (c: Contact | null) => (c ? `${c.name} · ${formatPhoneInput(c.phone_number)}` : '');

/** Create New Task (spec 001 §2, §5): description and job required, due date not before today, priority medium. */
export function CreateTaskDialog({ opened, onClose, initialJob }: CreateTaskDialogProps) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const create = useCreateTask();
  // Assign to: the server searches the caller's contacts as the user types (any number of contacts).
  const [assigneeSearch, setAssigneeSearch] = useState('');
  const [assignee, setAssignee] = useState<Contact | null>(null);
  const [debouncedAssigneeSearch] = useDebouncedValue(assigneeSearch === assigneeLabel(assignee) ? '' : assigneeSearch, 300);
  const contacts = useContacts({ q: debouncedAssigneeSearch, enabled: opened });
  const jobSelect = useJobSelect({ enabled: opened, initial: initialJob ?? null });
  const form = useForm<CreateTaskFormValues>({ initialValues: emptyCreateTaskForm(), validate: (values) => validateCreateTask(values) });

  useEffect(() => {
    if (!opened) return;
    form.setValues(emptyCreateTaskForm(initialJob?.value ?? null));
    form.clearErrors();
    jobSelect.reset(initialJob ?? null);
    setAssignee(null);
    setAssigneeSearch('');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset on each opening only
  }, [opened, initialJob?.value]);

  // Keyed by contact id: two contacts may share a phone number, and option values must be unique.
  const assigneeOptions = useMemo(() => {
    const list = [...(contacts.data?.contacts ?? [])];
    if (assignee && !list.some((c) => c.id === assignee.id)) list.unshift(assignee);
    return list;
  }, [contacts.data, assignee]);
  const assigneeData = useMemo(() => assigneeOptions.map((c) => ({ value: c.id, label: assigneeLabel(c) })), [assigneeOptions]);

  const submit = form.onSubmit((values) => {
    create.mutate(toCreateTaskBody(values), {
      onSuccess: () => {
        toast.success('Task created successfully');
        onClose();
      },
      // Offline: the notice is shown by the hook, the task is on the board with a temporary id.
      onQueued: onClose,
      onError: (err) => {
        for (const [field, message] of Object.entries(fieldErrorsOf(err, CREATE_TASK_SERVER_FIELDS))) form.setFieldError(field, message);
        toast.error('Failed to create task');
      },
    });
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Create New Task" fullScreen={isPhone} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Textarea size="md" label="Task description" placeholder="What needs to be done?" withAsterisk autosize minRows={3} maxRows={8} {...form.getInputProps('description')} />
          <Select
            size="md"
            label="Job"
            placeholder="Search jobs by client or address"
            withAsterisk
            {...jobSelect.selectProps}
            onChange={(value, option) => form.setFieldValue('jobId', jobSelect.choose(value, option)?.value ?? null)}
            error={form.errors.jobId}
          />
          <Select
            size="md"
            label="Assign to"
            placeholder={assigneeData.length || debouncedAssigneeSearch ? 'Unassigned' : 'No contacts available'}
            searchable
            clearable
            data={assigneeData}
            filter={({ options }) => options}
            searchValue={assigneeSearch}
            onSearchChange={setAssigneeSearch}
            nothingFoundMessage={contacts.isFetching ? 'Loading contacts…' : 'No matching contacts found'}
            value={assignee?.id ?? null}
            onChange={(id) => {
              const contact = assigneeOptions.find((c) => c.id === id) ?? null;
              setAssignee(contact);
              form.setFieldValue('assignee', contact?.phone_number ?? null);
            }}
            error={form.errors.assignee}
            comboboxProps={{ withinPortal: true }}
          />
          {/* One column on phones: a grown Group caps each child at half the width, which clipped "High". */}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput type="date" label="Due date" min={localIsoDate(new Date())} {...form.getInputProps('dueDate')} />
            <Stack gap={4}>
              <Text size="md" fw={500} id="create-task-priority">
                Priority
              </Text>
              <SegmentedControl size="md" fullWidth aria-labelledby="create-task-priority" data={PRIORITIES} {...form.getInputProps('priority')} />
            </Stack>
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create Task
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
