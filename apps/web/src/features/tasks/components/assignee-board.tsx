import { Alert, Button, Center, Group, Loader, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconFilterOff, IconPlus, IconRefresh, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { isPhoneLike, type Task } from '@fieldbook/contract';
import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useContacts, usePhoneDirectory } from '../../contacts';
import { useTaskBoard } from '../api/get-tasks';
import { useTaskGroups } from '../api/task-groups';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { STATUS_FILTER_OPTIONS, type StatusFilter } from '../lib/filter-tasks';
import { groupTasksByAssignee, taskJobName } from '../lib/group-tasks';
import { loadedTasks, normalizeFilterText } from '../lib/task-pages';
import { AssignTaskDialog } from './assign-task-dialog';
import { AssigneeSection } from './assignee-section';
import { BatchAssignDialog } from './batch-assign-dialog';
import { CreateTaskDialog, type JobChoice } from './create-task-dialog';
import { LoadMoreTasks } from './load-more-tasks';
import classes from './task-board.module.css';
import { useTaskStatusChange } from './use-task-status-change';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The group filter handed over in navigation state ({ groupId }), when it is one. */
export function groupIdFromState(state: unknown): string | undefined {
  const id = state && typeof state === 'object' ? (state as { groupId?: unknown }).groupId : undefined;
  return typeof id === 'string' && UUID.test(id) ? id : undefined;
}

/**
 * The board's text filter waits this long before asking the server. Shorter than the search's 500 ms: it used to
 * filter as you typed, and a pause after a word should show its answer promptly.
 */
const FILTER_DEBOUNCE_MS = 350;

/**
 * The Tasks by Assignee tab (spec 001 §2). The server filters (status, text) and pages (Load More Tasks); the
 * grouping by assignee and job is done here, over the loaded pages.
 */
export function AssigneeBoard() {
  const [status, setStatus] = useState<StatusFilter>('all');
  // `filter.input` is what the box shows; `q`, what the server filters by, follows it once typing pauses.
  const filter = useDebouncedSearch({ delay: FILTER_DEBOUNCE_MS, normalize: normalizeFilterText });
  const text = filter.input;
  const q = filter.term;
  // The fast dashboard opens /tasks with a group as navigation state: the board shows that group's tasks until cleared.
  const location = useLocation();
  const [groupId, setGroupId] = useState<string | undefined>(() => groupIdFromState(location.state));
  const tasks = useTaskBoard({ status, q, ...(groupId ? { group_id: groupId } : {}) });
  const taskGroups = useTaskGroups();
  const groupName = groupId ? taskGroups.data?.find((g) => g.id === groupId)?.name : undefined;
  // The pickers' first page of contacts, fetched with the board: the Assign dialog then works offline too (the
  // offline queue, spec 001 §4), from what the cache holds.
  useContacts();
  const { change } = useTaskStatusChange();
  const [assigning, setAssigning] = useState<Task | null>(null);
  const [isBatchOpen, setBatchOpen] = useState(false);
  const [createFor, setCreateFor] = useState<{ job: JobChoice | null } | null>(null);
  // Job sections start open; the set holds the collapsed ones, keyed assignee:job.
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());

  const all = useMemo(() => loadedTasks(tasks.data?.pages ?? []), [tasks.data]);
  const total = tasks.data?.pages.at(-1)?.total ?? 0;
  // Assignee names come with the tasks; phone-like client names of their jobs are looked up for just those phones.
  const clientPhones = useMemo(() => all.map((t) => t.job.client_name).filter((n): n is string => Boolean(n && isPhoneLike(n))), [all]);
  const directory = usePhoneDirectory(clientPhones);
  const groups = useMemo(() => groupTasksByAssignee(all, directory.contacts), [all, directory]);
  const hasFilters = status !== 'all' || text.trim() !== '' || groupId !== undefined;
  // The empty state speaks of the filters the shown answer was made with, not of what is still being typed.
  const isAnswerFiltered = status !== 'all' || q !== '' || groupId !== undefined;

  const onStatusChange = useCallback(
    (task: Task, next: Task['status']) => {
      if (next === task.status) return;
      change(task.id, next, next === 'completed' ? 'Task marked complete' : task.status === 'completed' ? 'Task reopened' : undefined);
    },
    [change],
  );

  const onCreateTask = useCallback(
    (jobId: string) => {
      const task = all.find((t) => t.job_id === jobId);
      const label = task ? (task.job.property_address ? `${taskJobName(task.job)} — ${task.job.property_address}` : taskJobName(task.job)) : '';
      setCreateFor({ job: { value: jobId, label } });
    },
    [all],
  );

  const toggleJob = useCallback(
    (key: string) =>
      setCollapsed((prev) => {
        const next = new Set(prev);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      }),
    [],
  );

  return (
    <Stack gap="md">
      <div className={classes.toolbar}>
        <div className={classes.toolbarFilters}>
          <SegmentedControl aria-label="Status filter" data={STATUS_FILTER_OPTIONS} value={status} onChange={(v) => setStatus(v as StatusFilter)} />
          <TextInput
            aria-label="Filter tasks"
            placeholder="Filter tasks, jobs, people"
            leftSection={<IconSearch size={16} />}
            value={text}
            onChange={(e) => filter.setInput(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') filter.submit();
            }}
            enterKeyHint="search"
            style={{ flex: '1 1 14rem' }}
          />
        </div>
        <div className={classes.toolbarButtons}>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreateFor({ job: null })}>
            Create Task
          </Button>
          <Button variant="light" leftSection={<IconUsersGroup size={16} />} onClick={() => setBatchOpen(true)} disabled={!all.length}>
            Batch Assign
          </Button>
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void tasks.refetch()} loading={tasks.isRefetching && !tasks.isFetchingNextPage}>
            Refresh
          </Button>
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconFilterOff size={16} />}
            disabled={!hasFilters}
            onClick={() => {
              setStatus('all');
              filter.clear();
              setGroupId(undefined);
            }}
          >
            Clear Filters
          </Button>
        </div>
      </div>
      {groupId && (
        <Alert color="blue" variant="light" p="xs" data-testid="group-filter">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{groupName ? `Showing the tasks of ${groupName}.` : 'Showing the tasks of one group.'}</Text>
            <Button size="xs" variant="subtle" onClick={() => setGroupId(undefined)}>
              Show all groups
            </Button>
          </Group>
        </Alert>
      )}

      {tasks.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading tasks" />
        </Center>
      ) : tasks.isError && !tasks.isFetchNextPageError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Tasks could not be loaded" role="alert">
          <Text size="sm" mb="sm">
            {tasks.error.message}
          </Text>
          <Button size="xs" color="red" variant="white" onClick={() => void tasks.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : groups.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text fw={600}>{isAnswerFiltered ? 'No tasks match your filters' : 'No tasks yet'}</Text>
          <Text size="sm" c="dimmed" mt={4}>
            {isAnswerFiltered ? 'Change the status or text filter, or clear them.' : 'Create a task for one of your jobs to get started.'}
          </Text>
        </Paper>
      ) : (
        <Stack gap="md">
          {groups.map((group) => (
            <AssigneeSection
              key={group.key}
              group={group}
              isJobOpen={(key) => !collapsed.has(key)}
              onToggleJob={toggleJob}
              onCreateTask={onCreateTask}
              onStatusChange={onStatusChange}
              onReassign={setAssigning}
              isPartial={tasks.hasNextPage}
            />
          ))}
          <LoadMoreTasks
            shown={all.length}
            total={total}
            hasMore={tasks.hasNextPage}
            isLoadingMore={tasks.isFetchingNextPage}
            isUpdating={tasks.isPlaceholderData}
            error={tasks.isFetchNextPageError ? tasks.error : null}
            onLoadMore={() => void tasks.fetchNextPage()}
          />
        </Stack>
      )}

      <AssignTaskDialog task={assigning} onClose={() => setAssigning(null)} />
      <BatchAssignDialog opened={isBatchOpen} onClose={() => setBatchOpen(false)} />
      <CreateTaskDialog entry={createFor ? { from: 'board', initialJob: createFor.job } : null} onClose={() => setCreateFor(null)} />
    </Stack>
  );
}
