import { Alert, Button, Group, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** The overlaps a save would have, with the choice to keep it anyway (the server saves only with confirm_overlap). */
export function OverlapWarning({ message, conflicts, onConfirm, onCancel, isWorking }: { message: string; conflicts: string[]; onConfirm: () => void; onCancel: () => void; isWorking: boolean }) {
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Overlapping visits" role="alert">
      <Text size="sm">{message}</Text>
      <List size="sm" mt={4}>
        {conflicts.map((c) => (
          <List.Item key={c}>{c}</List.Item>
        ))}
      </List>
      <Group gap="xs" mt="sm">
        <Button size="xs" color="orange" onClick={onConfirm} loading={isWorking}>
          Save anyway
        </Button>
        <Button size="xs" variant="default" onClick={onCancel} disabled={isWorking}>
          Cancel
        </Button>
      </Group>
    </Alert>
  );
}
