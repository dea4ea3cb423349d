import { Box, Button, NativeSelect, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconCircleCheck, IconUserShare } from '@tabler/icons-react';
import type { Task, TaskStatus } from '@fieldbook/contract';
import { Link } from 'react-router';
import { TASK_STATUS_OPTIONS, toggledStatus } from '../../../lib/task-display';
import { TaskBadges } from '../../../components/task-badges';
import classes from './task-card.module.css';
import { useSwipeToComplete } from './use-swipe-to-complete';

type TaskCardProps = {
  task: Task;
  onStatusChange: (task: Task, status: TaskStatus) => void;
  onReassign: (task: Task) => void;
  /** A line under the description, e.g. the job on the search tab. */
  subtitle?: string;
};

/** One task with its controls; on touch screens a swipe right of more than 50 px marks it complete. */
export function TaskCard({ task, onStatusChange, onReassign, subtitle }: TaskCardProps) {
  const isCompleted = task.status === 'completed';
  const swipe = useSwipeToComplete({ isEnabled: !isCompleted, onComplete: () => onStatusChange(task, 'completed') });

  return (
    <div className={classes.swipeFrame} {...swipe.handlers} data-testid="task-card" data-task-id={task.id} data-status={task.status}>
      {swipe.offset > 0 && (
        <div className={classes.swipeReveal} data-armed={swipe.isArmed || undefined} aria-hidden>
          <IconCircleCheck size={20} /> {swipe.isArmed ? 'Release to complete' : 'Complete'}
        </div>
      )}
      <div
        className={classes.card}
        data-completed={isCompleted || undefined}
        data-dragging={swipe.offset > 0 || undefined}
        style={swipe.offset ? { transform: `translateX(${swipe.offset}px)` } : undefined}
      >
        <div className={classes.cardBody}>
          <Stack gap={6} miw={0}>
            <Box>
              <Text component={Link} to={`/tasks/${task.id}`} className={classes.description} size="sm" draggable={false}>
                {task.description}
              </Text>
              {subtitle && (
                <Text size="xs" c="dimmed" mt={2}>
                  {subtitle}
                </Text>
              )}
            </Box>
            <TaskBadges task={task} />
          </Stack>
          <div className={classes.actions}>
            <Button
              className={classes.primaryAction}
              size="sm"
              variant={isCompleted ? 'default' : 'light'}
              color={isCompleted ? 'gray' : 'green'}
              leftSection={isCompleted ? <IconArrowBackUp size={16} /> : <IconCheck size={16} />}
              onClick={() => onStatusChange(task, toggledStatus(task.status))}
            >
              {isCompleted ? 'Reopen' : 'Mark Complete'}
            </Button>
            <Button size="sm" variant="default" leftSection={<IconUserShare size={16} />} onClick={() => onReassign(task)}>
              Reassign
            </Button>
            <NativeSelect
              size="sm"
              aria-label="Task status"
              data={TASK_STATUS_OPTIONS}
              value={task.status}
              onChange={(e) => onStatusChange(task, e.currentTarget.value as TaskStatus)}
              className={classes.statusSelect}
            />
          </div>
        </div>
      </div>
    </div>
  );
}
