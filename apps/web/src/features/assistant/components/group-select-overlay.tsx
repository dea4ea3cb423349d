import type { Group as GroupRow } from '@fieldbook/contract';
import { Button, Loader, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import classes from './assistant.module.css';

const GENERAL = 'general';

type GroupSelectOverlayProps = {
  groups: GroupRow[] | undefined;
  isLoading: boolean;
  error: Error | null;
  currentGroupId: string | null;
  onApply: (groupId: string | null) => void;
  onCancel: () => void;
};

/** 'Select a Specialized Assistant' (spec 000 §2): the general assistant or one group's, applied with Apply. */
export function GroupSelectOverlay({ groups, isLoading, error, currentGroupId, onApply, onCancel }: GroupSelectOverlayProps) {
  const [choice, setChoice] = useState(currentGroupId ?? GENERAL);
  return (
    <section className={classes.overlay} role="dialog" aria-labelledby="assistant-group-title">
      <div className={classes.overlayBar}>
        <Text id="assistant-group-title" fw={700} size="sm" role="heading" aria-level={3}>
          Select a Specialized Assistant
        </Text>
      </div>
      <div className={classes.overlayBody}>
        <Radio.Group value={choice} onChange={setChoice} aria-labelledby="assistant-group-title">
          <Stack gap="sm">
            <Radio value={GENERAL} label="General Assistant" description="All groups" />
            {groups?.map((g) => <Radio key={g.id} value={g.id} label={g.name} description={g.description ?? undefined} />)}
          </Stack>
        </Radio.Group>
        {isLoading && <Loader size="sm" mt="md" aria-label="Loading groups" />}
        {error && (
          <Text size="sm" c="red" mt="md" role="alert">
            Failed to load your groups: {error.message}
          </Text>
        )}
      </div>
      <div className={classes.overlayFooter} style={{ justifyContent: 'flex-end' }}>
        <Button variant="default" size="xs" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="xs" onClick={() => onApply(choice === GENERAL ? null : choice)}>
          Apply
        </Button>
      </div>
    </section>
  );
}
