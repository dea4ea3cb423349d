import { EDIT_SCOPES, type EditScope, type BoardVisit } from '@fieldbook/contract';
import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useCancelVisit } from '../api/cancel-visit';
import { visitLabel } from '../lib/visit-events';
import { SCOPE_LABELS } from './move-visit-dialog';

/** Cancel visit (admins), with the version the screen had; a repeating visit asks which visits are cancelled. */
export function CancelVisitDialog({ visit, when, onClose }: { visit: BoardVisit; when: string; onClose: () => void }) {
  const cancel = useCancelVisit();
  const [scope, setScope] = useState<EditScope>('this');
  return (
    <Modal opened onClose={onClose} title="Cancel visit" centered size="sm">
      <Stack gap="sm">
        <Text size="sm">
          {visitLabel(visit)} · {when}
        </Text>
        {visit.recurrence && (
          <Radio.Group label="Cancel which visits?" value={scope} onChange={(v) => setScope(v as EditScope)}>
            <Stack gap={6} mt={4}>
              {EDIT_SCOPES.map((s) => (
                <Radio key={s} value={s} label={SCOPE_LABELS[s]} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {cancel.error && (
          <Alert color="red" role="alert">
            {cancel.error.message}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
            Keep visit
          </Button>
          <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate({ id: visit.id, body: { version: visit.version, scope } }, { onSuccess: onClose })}>
            Cancel visit
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
