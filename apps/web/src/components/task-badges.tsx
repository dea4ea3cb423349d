import { Badge, Group } from '@mantine/core';
import { IconCalendarDue } from '@tabler/icons-react';
import type { Task } from '@fieldbook/contract';
import { dueLabel, dueStatus } from '../lib/due-status';
import { DUE_COLOR, PRIORITY_COLOR, PRIORITY_LABEL, TASK_STATUS_COLOR, TASK_STATUS_LABEL } from '../lib/task-display';

/** Priority, due status and (optionally) status, as small badges. */
export function TaskBadges({ task, withStatus = false, today }: { task: Pick<Task, 'priority' | 'due_date' | 'status'>; withStatus?: boolean; today?: Date }) {
  const due = dueStatus(task.due_date, today);
  // A finished task is not "overdue" any more; its date is just a date.
  const dueColor = task.status === 'completed' ? 'gray' : DUE_COLOR[due];
  return (
    <Group gap={6} wrap="wrap">
      {withStatus && (
        <Badge variant="light" color={TASK_STATUS_COLOR[task.status]}>
          {TASK_STATUS_LABEL[task.status]}
        </Badge>
      )}
      <Badge variant="light" color={PRIORITY_COLOR[task.priority]} data-testid="priority-badge">
        {PRIORITY_LABEL[task.priority]} priority
      </Badge>
      {due !== 'none' && (
        <Badge
          variant={due === 'overdue' && task.status !== 'completed' ? 'filled' : 'light'}
          color={dueColor}
          leftSection={<IconCalendarDue size={12} />}
          data-due={due}
          data-testid="due-badge"
        >
          {dueLabel(task.due_date, today, { isDone: task.status === 'completed' })}
        </Badge>
      )}
    </Group>
  );
}
