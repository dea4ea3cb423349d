import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { fineTuneNeedsExamples, MIN_FINE_TUNE_EXAMPLES, type GroupAssistantRow } from '@fieldbook/contract';
import { errorReason } from '../../../lib/error-reason';
import { useFineTune } from '../api/fine-tune';
import { modelLabel } from '../lib/assistant-status';

export const FINE_TUNE_FAILED = 'Failed to start fine-tuning';

/**
 * The confirmation before fine-tuning (it sends the approved examples to the LLM provider and runs for minutes).
 * A refusal stays in the dialog with the server's reason (no LLM configured, too few approved examples).
 */
export function FineTuneDialog({ row, onClose }: { row: GroupAssistantRow | null; onClose: () => void }) {
  const fineTune = useFineTune();
  const close = () => {
    fineTune.reset();
    onClose();
  };
  const approved = row?.stats?.approved_examples ?? 0;
  const tooFew = approved < MIN_FINE_TUNE_EXAMPLES;
  return (
    <Modal opened={row !== null} onClose={close} title="Start fine-tuning?" centered zIndex={400}>
      {row && (
        <Stack gap="md">
          <Text size="sm">
            The {approved} approved training examples of <b>{row.group.name}</b> will be sent to train a fine-tuned {modelLabel(row.stats?.base_model)} model. Training runs in the
            background and can take a while; the status shows its progress.
          </Text>
          {tooFew && (
            <Alert color="yellow" variant="light">
              {fineTuneNeedsExamples(approved)}
            </Alert>
          )}
          {fineTune.isError && (
            <Alert color="red" variant="light" role="alert" title={FINE_TUNE_FAILED}>
              {errorReason(fineTune.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={fineTune.isPending}>
              Cancel
            </Button>
            <Button color="violet" disabled={tooFew} loading={fineTune.isPending} onClick={() => fineTune.mutate(row.group.id, { onSuccess: close })}>
              Start Fine-tuning
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
