import { Button, Group, Input, Modal, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TaskPriority } from '@fieldbook/contract';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { fieldErrorsOf } from '../../../lib/api-client';
import { ContactPickerList } from '../../contacts';
import { localIsoDate } from '../../../lib/due-status';
import { useCreateJobTask } from '../api/create-job-task';
import { PRIORITY_OPTIONS } from '../lib/job-status';
import { canSubmitJobTask, type JobTaskDraft } from '../lib/job-task-draft';

const EMPTY: JobTaskDraft = { description: '', assigneePhone: null, priority: 'medium', dueDate: '' };

/**
 * The Add Task modal of a job (spec 001 §5 "Task form on a job"): description and assignee are required —
 * Create Task stays disabled until both are given; priority defaults to medium; the due date is optional.
 */
export function AddTaskModal({ job, onClose }: { job: { id: string; name: string } | null; onClose: () => void }) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const create = useCreateJobTask();
  const [draft, setDraft] = useState<JobTaskDraft>(EMPTY);
  const [contactIds, setContactIds] = useState<string[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>>>({});

  // Each opening starts with an empty form.
  useEffect(() => {
    if (job) {
      setDraft(EMPTY);
      setContactIds([]);
      setFieldErrors({});
    }
  }, [job]);

  const set = <K extends keyof JobTaskDraft>(key: K, value: JobTaskDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = () => {
    if (!job || !canSubmitJobTask(draft)) return;
    setFieldErrors({});
    create.mutate(
      {
        jobId: job.id,
        body: { description: draft.description.trim(), assigned_to: draft.assigneePhone, priority: draft.priority, due_date: draft.dueDate || null },
      },
      {
        onSuccess: () => {
          toast.success('Task created successfully');
          onClose();
        },
        onError: (err) => {
          setFieldErrors(fieldErrorsOf(err, ['description', 'assigned_to', 'due_date', 'priority', 'job_id']));
          toast.error('Failed to create task');
        },
      },
    );
  };

  return (
    <Modal opened={job !== null} onClose={onClose} title="Add Task" fullScreen={isPhone} size="lg">
      {job && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              For <b>{job.name}</b>
            </Text>
            <Textarea
              label="Task description"
              placeholder="What needs to be done?"
              required
              autosize
              minRows={2}
              maxRows={6}
              data-autofocus
              value={draft.description}
              error={fieldErrors.description}
              onChange={(e) => set('description', e.currentTarget.value)}
            />
            <Input.Wrapper label="Assign to" required error={fieldErrors.assigned_to}>
              <ContactPickerList
                label="Search assignees"
                value={contactIds}
                maxSelection={1}
                onChange={(ids, contacts) => {
                  setContactIds(ids);
                  set('assigneePhone', contacts[0]?.phone_number ?? null);
                }}
              />
            </Input.Wrapper>
            <Group grow align="flex-start" gap="md" wrap="wrap">
              <Input.Wrapper label="Priority" miw={200}>
                <SegmentedControl
                  fullWidth
                  aria-label="Priority"
                  data={PRIORITY_OPTIONS}
                  value={draft.priority}
                  onChange={(v) => set('priority', v as TaskPriority)}
                />
              </Input.Wrapper>
              <TextInput
                type="date"
                label="Due date (optional)"
                size="sm"
                miw={180}
                min={localIsoDate(new Date())}
                value={draft.dueDate}
                error={fieldErrors.due_date}
                onChange={(e) => set('dueDate', e.currentTarget.value)}
              />
            </Group>
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={!canSubmitJobTask(draft)} loading={create.isPending}>
                Create Task
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
