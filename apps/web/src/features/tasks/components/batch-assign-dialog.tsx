import { Alert, Button, Center, Checkbox, Group, Loader, Modal, ScrollArea, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { BATCH_ASSIGN_MAX, type Contact } from '@fieldbook/contract';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { ContactPickerList } from '../../contacts';
import { useBatchAssignTasks } from '../api/batch-assign-tasks';
import { useBatchCandidates } from '../api/get-batch-candidates';
import type { BatchStatusFilter } from '../lib/batch-assign';
import { assigneeName, taskJobName } from '../lib/group-tasks';
import { useJobSelect } from './use-job-select';

type BatchAssignDialogProps = { opened: boolean; onClose: () => void };

const STATUS_CHOICES: Array<{ value: BatchStatusFilter; label: string }> = [
  { value: 'pending', label: 'Pending' },
  { value: 'in progress', label: 'In Progress' },
  { value: 'all', label: 'All' },
];

/**
 * Batch Assign Tasks (spec 001 §2): tasks filtered by job and status with a select-all on the left, the
 * assignee on the right. Needs at least one task and an assignee (spec 001 §5). The task list is the server's
 * answer for the dialog's own filters, never just what the board happens to have loaded.
 */
export function BatchAssignDialog({ opened, onClose }: BatchAssignDialogProps) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const batch = useBatchAssignTasks();
  const jobSelect = useJobSelect({ enabled: opened });
  const job = jobSelect.chosen;
  const [status, setStatus] = useState<BatchStatusFilter>('pending');
  const candidates = useBatchCandidates({ jobId: job?.value ?? null, status }, { enabled: opened });
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [contact, setContact] = useState<Contact | null>(null);

  useEffect(() => {
    if (!opened) return;
    setPicked(new Set());
    setContact(null);
    jobSelect.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset on each opening only
  }, [opened]);

  const shown = useMemo(() => candidates.data?.tasks ?? [], [candidates.data]);
  const total = candidates.data?.total ?? 0;
  // Only tasks still in view count: changing a filter never assigns tasks the user can no longer see.
  const selectedIds = shown.filter((t) => picked.has(t.id)).map((t) => t.id);
  const isAllSelected = shown.length > 0 && selectedIds.length === shown.length;

  const toggle = (id: string) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const toggleAll = () => setPicked(isAllSelected ? new Set() : new Set(shown.map((t) => t.id)));

  const submit = () => {
    if (!contact || selectedIds.length === 0) return;
    batch.mutate(
      { task_ids: selectedIds, assigned_to: contact.phone_number },
      {
        onSuccess: (res) => {
          toast.success(`Successfully assigned ${res.updated} task(s)`);
          onClose();
        },
        onQueued: onClose,
        onError: () => toast.error('Failed to assign tasks'),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Batch Assign Tasks" size="xl" fullScreen={isPhone}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="xs">
          <Title order={3} size="h5">
            1. Choose tasks
          </Title>
          <Select
            label="Job"
            placeholder="All jobs"
            {...jobSelect.selectProps}
            onChange={(value, option) => jobSelect.choose(value, option)}
          />
          <SegmentedControl fullWidth aria-label="Task status" data={STATUS_CHOICES} value={status} onChange={(v) => setStatus(v as BatchStatusFilter)} />
          <Checkbox
            label={`Select all (${shown.length})`}
            checked={isAllSelected}
            indeterminate={selectedIds.length > 0 && !isAllSelected}
            disabled={shown.length === 0}
            onChange={toggleAll}
            py={4}
          />
          {total > shown.length && (
            <Text size="xs" c="orange.8">
              Showing the newest {shown.length} of {total} matching tasks (one batch assigns at most {BATCH_ASSIGN_MAX}); choose a job to narrow the list.
            </Text>
          )}
          <ScrollArea.Autosize mah={isPhone ? '16rem' : '20rem'} type="auto" offsetScrollbars>
            {candidates.isPending ? (
              <Center py="md">
                <Loader size="sm" aria-label="Loading tasks" />
              </Center>
            ) : candidates.isError ? (
              <Alert color="red" variant="light" role="alert">
                <Group justify="space-between" gap="xs">
                  <Text size="sm">Failed to load tasks: {candidates.error.message}</Text>
                  <Button size="xs" variant="white" color="red" onClick={() => void candidates.refetch()} loading={candidates.isFetching}>
                    Retry
                  </Button>
                </Group>
              </Alert>
            ) : (
              <Stack gap={6}>
                {shown.length === 0 && (
                  <Text size="sm" c="dimmed" ta="center" py="md">
                    No tasks match your filters
                  </Text>
                )}
                {shown.map((task) => (
                  <Checkbox
                    key={task.id}
                    checked={picked.has(task.id)}
                    onChange={() => toggle(task.id)}
                    label={task.description}
                    description={`${taskJobName(task.job)} · ${assigneeName(task)}`}
                    styles={{ body: { alignItems: 'flex-start' }, label: { overflowWrap: 'anywhere' } }}
                  />
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h5">
            2. Assign to
          </Title>
          <ContactPickerList label="Search assignees" value={contact ? [contact.id] : []} maxSelection={1} onChange={(_ids, picked) => setContact(picked[0] ?? null)} />
        </Stack>
      </SimpleGrid>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={!contact || selectedIds.length === 0} loading={batch.isPending} onClick={submit}>
          Assign {selectedIds.length} Task(s)
        </Button>
      </Group>
    </Modal>
  );
}
