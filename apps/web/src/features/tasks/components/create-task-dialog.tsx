import { Input, Modal, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import type { TaskPriority } from '@fieldbook/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { fieldErrorsOf } from '../../../lib/api-client';
import { localIsoDate } from '../../../lib/due-status';
import { ContactPickerList } from '../../contacts';
import { useCreateJobTask, useCreateTask } from '../api/create-task';
import { useTaskGroups } from '../api/task-groups';
import { useJobSelect, type JobChoice } from './use-job-select';
import {
  canSubmitCreateTask,
  CREATE_TASK_SERVER_FIELDS,
  emptyCreateTaskForm,
  toCreateTaskBody,
  validateCreateTask,
  type CreateTaskFormValues,
} from '../lib/create-task-form';
import { FormActions } from '../../../components/form-actions';

export type { JobChoice } from './use-job-select';

/**
 * Where the form was opened from: the tasks board (Create New Task, optionally with a job preselected by
 * "Create Task for this Job") or a job (Add Task on a job card or the job page, for that job).
 */
export type CreateTaskEntry = { from: 'board'; initialJob: JobChoice | null } | { from: 'job'; job: { id: string; name: string } };

const PRIORITIES: Array<{ value: TaskPriority; label: string }> = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
];

/** The one create-task form, for both entry points (spec 001 §2, §5); `entry` null keeps it closed. */
export function CreateTaskDialog({ entry, onClose }: { entry: CreateTaskEntry | null; onClose: () => void }) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={entry !== null} onClose={onClose} title={entry?.from === 'job' ? 'Add Task' : 'Create New Task'} fullScreen={isPhone} size="lg">
      {/* Mounted per opening (the modal drops its content when closed): every opening starts with an empty form. */}
      {entry && <CreateTaskForm entry={entry} onClose={onClose} />}
    </Modal>
  );
}

function CreateTaskForm({ entry, onClose }: { entry: CreateTaskEntry; onClose: () => void }) {
  const kind = entry.from;
  const initialJob = entry.from === 'job' ? { value: entry.job.id, label: entry.job.name } : entry.initialJob;
  const createOnBoard = useCreateTask();
  const createOnJob = useCreateJobTask();
  const jobSelect = useJobSelect({ enabled: kind === 'board', initial: initialJob });
  const [assigneeIds, setAssigneeIds] = useState<string[]>([]);
  const taskGroups = useTaskGroups();
  const groupOptions = (taskGroups.data ?? []).map((g) => ({ value: g.id, label: g.name }));
  const form = useForm<CreateTaskFormValues>({
    initialValues: emptyCreateTaskForm(initialJob?.value ?? null),
    validate: (values) => validateCreateTask(values, kind),
  });

  const onSuccess = () => {
    toast.success('Task created successfully');
    onClose();
  };
  const onError = (err: Error) => {
    for (const [field, message] of Object.entries(fieldErrorsOf(err, CREATE_TASK_SERVER_FIELDS))) form.setFieldError(field, message);
    toast.error('Failed to create task');
  };

  const submit = form.onSubmit((values) => {
    const body = toCreateTaskBody(values);
    // Offline the create is queued: the hook shows the notice and puts the task on the board.
    if (entry.from === 'job') createOnJob.mutate({ jobId: entry.job.id, body }, { onSuccess, onQueued: onClose, onError });
    else createOnBoard.mutate(body, { onSuccess, onQueued: onClose, onError });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {entry.from === 'job' && (
          <Text size="sm" c="dimmed">
            For <b>{entry.job.name}</b>
          </Text>
        )}
        <Textarea
          size="md"
          label="Task description"
          placeholder="What needs to be done?"
          withAsterisk
          autosize
          minRows={3}
          maxRows={8}
          data-autofocus
          {...form.getInputProps('description')}
        />
        {entry.from === 'board' && (
          <Select
            size="md"
            label="Job"
            placeholder="Search jobs by client or address"
            withAsterisk
            {...jobSelect.selectProps}
            onChange={(value, option) => form.setFieldValue('jobId', jobSelect.choose(value, option)?.value ?? null)}
            error={form.errors.jobId}
          />
        )}
        <Input.Wrapper label="Assign to" withAsterisk={kind === 'job'} error={form.errors.assignee}>
          <ContactPickerList
            label="Search assignees"
            value={assigneeIds}
            maxSelection={1}
            onChange={(ids, contacts) => {
              setAssigneeIds(ids);
              form.setFieldValue('assignee', contacts[0]?.phone_number ?? null);
            }}
          />
        </Input.Wrapper>
        {/* Only for someone in a group of this workspace: the crew the task is for (the dashboard's group chips). */}
        {groupOptions.length > 0 && (
          <Select size="md" label="Group (optional)" placeholder="No group" data={groupOptions} clearable {...form.getInputProps('groupId')} />
        )}
        {/* One column on phones: a grown Group caps each child at half the width, which clipped "High". */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput type="date" label="Due date (optional)" min={localIsoDate(new Date())} {...form.getInputProps('dueDate')} />
          <Stack gap={4}>
            <Text size="md" fw={500} id="create-task-priority">
              Priority
            </Text>
            <SegmentedControl size="md" fullWidth aria-labelledby="create-task-priority" data={PRIORITIES} {...form.getInputProps('priority')} />
          </Stack>
        </SimpleGrid>
        <FormActions submitLabel="Create Task" isSaving={createOnBoard.isPending || createOnJob.isPending} submitDisabled={!canSubmitCreateTask(form.values, kind)} onCancel={onClose} />
      </Stack>
    </form>
  );
}
