import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconEdit, IconX } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { UpdateTrainingExampleBodySchema, type TrainingExample } from '@fieldbook/contract';
import { useState } from 'react';
import { contractValidate } from '../../../lib/contract-form';
import { errorReason } from '../../../lib/error-reason';
import { useUpdateTrainingExample, type ExampleChange } from '../api/update-training-example';
import { formatQuality } from '../lib/assistant-status';
import { EXAMPLE_STATUS_COLORS, EXAMPLE_STATUS_LABELS, SOURCE_LABELS } from '../lib/training-examples';

export const UPDATE_EXAMPLE_FAILED = 'Failed to update training example';

type ExampleText = { question: string; answer: string };
/** The server's own check of an edit (UpdateTrainingExampleBodySchema: 'Question is required', 'Answer is required'). */
const validateExample = contractValidate(UpdateTrainingExampleBodySchema, (v: ExampleText) => v, ['question', 'answer'] as const);

function Editor({ example, onSave, onCancel, isSaving }: { example: TrainingExample; onSave: (c: ExampleChange) => void; onCancel: () => void; isSaving: boolean }) {
  const form = useForm({ initialValues: { question: example.question, answer: example.answer }, validate: validateExample });
  return (
    <form onSubmit={form.onSubmit((v) => onSave({ question: v.question.trim(), answer: v.answer.trim() }))}>
      <Stack gap="xs">
        <Textarea label="Question" autosize minRows={2} maxRows={6} {...form.getInputProps('question')} maxLength={4000} />
        <Textarea label="Answer" autosize minRows={3} maxRows={12} {...form.getInputProps('answer')} maxLength={8000} />
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
          <Button size="xs" type="submit" loading={isSaving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One question/answer pair: where it came from, its quality and status; approve, reject, or edit it in place. */
export function TrainingExampleItem({ example }: { example: TrainingExample }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateTrainingExample(example.group_id);
  const change = (c: ExampleChange, then?: () => void) => update.mutate({ exampleId: example.id, change: c }, { onSuccess: then });
  const pendingStatus = update.isPending ? update.variables.change.status : undefined;
  return (
    <Paper withBorder p="md" radius="md" data-testid="training-example" data-status={example.status}>
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Badge color={EXAMPLE_STATUS_COLORS[example.status]} variant="light">
            {EXAMPLE_STATUS_LABELS[example.status]}
          </Badge>
          <Badge color="gray" variant="outline">
            {SOURCE_LABELS[example.source_type]}
          </Badge>
          <Text size="xs" c="dimmed">
            Quality {formatQuality(example.quality_score)}
          </Text>
        </Group>
        {update.isError && (
          <Alert color="red" variant="light" role="alert" title={UPDATE_EXAMPLE_FAILED} withCloseButton onClose={() => update.reset()}>
            {errorReason(update.error)}
          </Alert>
        )}
        {editing ? (
          <Editor example={example} isSaving={update.isPending} onCancel={() => setEditing(false)} onSave={(c) => change(c, () => setEditing(false))} />
        ) : (
          <>
            <div>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                Question
              </Text>
              <Text fw={600} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {example.question}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                Answer
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {example.answer}
              </Text>
            </div>
            <Group gap="xs" wrap="wrap">
              <Button size="xs" color="green" variant="light" leftSection={<IconCheck size={14} />} disabled={example.status === 'approved' || update.isPending} loading={pendingStatus === 'approved'} onClick={() => change({ status: 'approved' })}>
                Approve
              </Button>
              <Button size="xs" color="red" variant="light" leftSection={<IconX size={14} />} disabled={example.status === 'rejected' || update.isPending} loading={pendingStatus === 'rejected'} onClick={() => change({ status: 'rejected' })}>
                Reject
              </Button>
              <Button size="xs" variant="default" leftSection={<IconEdit size={14} />} disabled={update.isPending} onClick={() => setEditing(true)}>
                Edit
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
