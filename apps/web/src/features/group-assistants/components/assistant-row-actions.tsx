import { ActionIcon, Button, Group, Switch, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { IconChevronDown, IconChevronUp, IconSparkles } from '@tabler/icons-react';
import type { GroupAssistantRow } from '@fieldbook/contract';
import type { AssistantActions } from './use-assistant-actions';

type Props = { row: GroupAssistantRow; actions: AssistantActions; expanded: boolean; onToggle: () => void; justify?: 'flex-end' | 'space-between' };

/**
 * The Actions column: the one action a row needs first — Initialize for a group without an assistant, the
 * activate/deactivate toggle afterwards — and the expander for the rest (spec 002 §2).
 */
export function AssistantRowActions({ row, actions, expanded, onToggle, justify = 'flex-end' }: Props) {
  const { group, stats } = row;
  const saving = actions.busy.setActive?.groupId === group.id ? actions.busy.setActive : null;
  // The switch flips in the click itself: the mutation's pending state reaches React a tick later, and a controlled
  // input whose value has not changed by the end of its event is put back (the click then looked lost).
  const [flipped, setFlipped] = useState<boolean | null>(null);
  const isActive = flipped ?? (saving ? saving.isActive : Boolean(stats?.is_active));
  return (
    <Group gap="sm" wrap="nowrap" justify={justify}>
      {stats ? (
        <Switch
          label={isActive ? 'Active' : 'Inactive'}
          aria-label={`Assistant of ${group.name} active`}
          checked={isActive}
          disabled={saving !== null}
          onChange={(e) => {
            const next = e.currentTarget.checked;
            setFlipped(next);
            actions.setActive(group.id, next, () => setFlipped(null));
          }}
        />
      ) : (
        <Button size="xs" leftSection={<IconSparkles size={14} />} loading={actions.busy.initialize === group.id} onClick={() => actions.initialize(group.id)}>
          Initialize
        </Button>
      )}
      <Tooltip label={expanded ? 'Hide details' : 'Details and actions'}>
        <ActionIcon variant="subtle" size="lg" aria-label={`${expanded ? 'Hide' : 'Show'} details of ${group.name}`} aria-expanded={expanded} onClick={onToggle}>
          {expanded ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
