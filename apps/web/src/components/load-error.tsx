import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconBuildingCommunity } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isNoWorkspaceError, jobsErrorMessage } from '../lib/load-error-message';

type LoadErrorProps = {
  error: unknown;
  onRetry: () => void;
  isRetrying?: boolean;
  /** Replaces the spec's jobs message, e.g. 'Failed to load dashboard data: {reason}' on the home screens. */
  message?: string;
  title?: string;
};

/**
 * A failed read with Retry (spec 001 §8). A caller without a workspace gets a way to make one instead of an
 * error (design.md §4).
 */
export function LoadError({ error, onRetry, isRetrying = false, message, title = 'Could not load jobs' }: LoadErrorProps) {
  if (isNoWorkspaceError(error)) {
    return (
      <Alert color="blue" variant="light" icon={<IconBuildingCommunity size={20} />} title="You are not in a workspace yet">
        <Text size="sm">
          Jobs, tasks and documents belong to a workspace.{' '}
          <Anchor component={Link} to="/my-workspace" fw={600}>
            Set up My Workspace
          </Anchor>{' '}
          to start adding work.
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={title} role="alert">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm">{message ?? jobsErrorMessage(error)}</Text>
        <Button size="xs" color="red" variant="white" onClick={onRetry} loading={isRetrying}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
