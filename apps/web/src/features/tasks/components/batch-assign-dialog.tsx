import { Button, Checkbox, Group, Modal, NativeSelect, ScrollArea, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Task } from '@fieldbook/contract';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useContacts } from '../../contacts/api/get-contacts';
import { ContactPickerList } from '../../contacts/components/contact-picker-list';
import { useBatchAssignTasks } from '../api/batch-assign-tasks';
import { batchCandidates, jobOptions, type BatchStatusFilter } from '../lib/batch-assign';
import { assigneeName, taskJobName } from '../lib/group-tasks';

type BatchAssignDialogProps = { opened: boolean; onClose: () => void; tasks: readonly Task[] };

const STATUS_CHOICES: Array<{ value: BatchStatusFilter; label: string }> = [
  { value: 'pending', label: 'Pending' },
  { value: 'in progress', label: 'In Progress' },
  { value: 'all', label: 'All' },
];

/**
 * Batch Assign Tasks (spec 001 §2): tasks filtered by job and status with a select-all on the left, the
 * assignee on the right. Needs at least one task and an assignee (spec 001 §5).
 */
export function BatchAssignDialog({ opened, onClose, tasks }: BatchAssignDialogProps) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  const contacts = useContacts();
  const batch = useBatchAssignTasks();
  const [jobId, setJobId] = useState('all');
  const [status, setStatus] = useState<BatchStatusFilter>('pending');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [contactId, setContactId] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setPicked(new Set());
    setContactId(null);
  }, [opened]);

  const jobs = useMemo(() => jobOptions(tasks), [tasks]);
  const shown = useMemo(() => batchCandidates(tasks, { jobId, status }), [tasks, jobId, status]);
  // Only tasks still in view count: changing a filter never assigns tasks the user can no longer see.
  const selectedIds = shown.filter((t) => picked.has(t.id)).map((t) => t.id);
  const isAllSelected = shown.length > 0 && selectedIds.length === shown.length;
  const contact = contacts.data?.contacts.find((c) => c.id === contactId) ?? null;

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
          <NativeSelect label="Job" data={[{ value: 'all', label: 'All jobs' }, ...jobs]} value={jobId} onChange={(e) => setJobId(e.currentTarget.value)} />
          <SegmentedControl fullWidth aria-label="Task status" data={STATUS_CHOICES} value={status} onChange={(v) => setStatus(v as BatchStatusFilter)} />
          <Checkbox
            label={`Select all (${shown.length})`}
            checked={isAllSelected}
            indeterminate={selectedIds.length > 0 && !isAllSelected}
            disabled={shown.length === 0}
            onChange={toggleAll}
            py={4}
          />
          <ScrollArea.Autosize mah={isPhone ? '16rem' : '20rem'} type="auto" offsetScrollbars>
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
          </ScrollArea.Autosize>
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h5">
            2. Assign to
          </Title>
          <ContactPickerList
            label="Search assignees"
            value={contactId ? [contactId] : []}
            maxSelection={1}
            maxHeight={isPhone ? '16rem' : '22rem'}
            onChange={(ids) => setContactId(ids[0] ?? null)}
          />
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
