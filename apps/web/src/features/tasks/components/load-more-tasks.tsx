import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown } from '@tabler/icons-react';
import { showingCountText } from '../lib/task-pages';
import classes from './task-board.module.css';

type LoadMoreTasksProps = {
  shown: number;
  total: number;
  hasMore: boolean;
  isLoadingMore: boolean;
  /** The board shows the previous filter's tasks while the new filter's first page loads. */
  isUpdating: boolean;
  /** Why the next page failed, if it did. */
  error: Error | null;
  onLoadMore: () => void;
};

/** Under the board: "Showing 50 of 1,234 tasks" and Load More Tasks while more match the filters. */
export function LoadMoreTasks({ shown, total, hasMore, isLoadingMore, isUpdating, error, onLoadMore }: LoadMoreTasksProps) {
  return (
    <Stack gap="xs" align="center" className={classes.loadMore}>
      {error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="More tasks could not be loaded" role="alert" w="100%">
          <Text size="sm">{error.message}</Text>
        </Alert>
      )}
      {hasMore && (
        <Button variant="light" leftSection={<IconChevronDown size={16} />} onClick={onLoadMore} loading={isLoadingMore} disabled={isUpdating} className={classes.loadMoreButton}>
          Load More Tasks
        </Button>
      )}
      <Group gap="xs" justify="center">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="task-count">
          {showingCountText(shown, total)}
        </Text>
        {isUpdating && <Loader size={14} aria-label="Updating tasks" />}
      </Group>
    </Stack>
  );
}
