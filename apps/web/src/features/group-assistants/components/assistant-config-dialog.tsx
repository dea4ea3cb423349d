import { Alert, Button, Center, Group, Loader, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { BASE_MODELS, DEFAULT_BASE_MODEL, GROUP_ASSISTANT_MESSAGES, type AssistantConfig } from '@fieldbook/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorReason } from '../../../lib/error-reason';
import { useAssistantConfig } from '../api/get-assistant-config';
import { useUpdateAssistantConfig, type AssistantConfigForm } from '../api/update-assistant-config';

type Target = { groupId: string; groupName: string };
type Values = Required<AssistantConfigForm>;

const MODEL_OPTIONS = BASE_MODELS.map((m) => ({ value: m.value, label: m.label }));

/** Spec 002 §3: missing values are filled with an empty string, or the default model, on load. */
function valuesOf(c: Partial<AssistantConfig> | undefined): Values {
  return {
    name: c?.name ?? '',
    persona: c?.persona ?? '',
    specialization: c?.specialization ?? '',
    system_prompt: c?.system_prompt ?? '',
    base_model: c?.base_model ?? DEFAULT_BASE_MODEL,
  };
}

function ConfigForm({ target, initial, onClose }: { target: Target; initial: Values; onClose: () => void }) {
  const [values, setValues] = useState(initial);
  const save = useUpdateAssistantConfig();
  const set = (field: keyof Values) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };
  const submit = () =>
    save.mutate(
      { groupId: target.groupId, body: values },
      {
        onSuccess: () => {
          toast.success(GROUP_ASSISTANT_MESSAGES.configUpdated);
          onClose();
        },
      },
    );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        {save.isError && (
          <Alert color="red" variant="light" role="alert" title={GROUP_ASSISTANT_MESSAGES.updateConfigFailed}>
            {errorReason(save.error)}
          </Alert>
        )}
        <TextInput label="Name" placeholder={`${target.groupName} Assistant`} value={values.name} onChange={set('name')} maxLength={200} />
        <Textarea size="md" label="Persona" description="Who the assistant is and how it speaks" autosize minRows={2} maxRows={6} value={values.persona} onChange={set('persona')} maxLength={4000} />
        <Textarea size="md" label="Specialization" description="What it knows best" autosize minRows={2} maxRows={4} value={values.specialization} onChange={set('specialization')} maxLength={1000} />
        <Textarea size="md" label="System Prompt" autosize minRows={4} maxRows={10} value={values.system_prompt} onChange={set('system_prompt')} maxLength={8000} />
        <Select
          label="Base Model"
          size="md"
          data={MODEL_OPTIONS}
          value={values.base_model}
          onChange={(v) => v && setValues((s) => ({ ...s, base_model: v as Values['base_model'] }))}
          allowDeselect={false}
          comboboxProps={{ zIndex: 500 }}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save Configuration
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The configuration edit dialog (spec 002 §2): name, persona, specialization, system prompt, base model. */
export function AssistantConfigDialog({ target, onClose }: { target: Target | null; onClose: () => void }) {
  const config = useAssistantConfig(target?.groupId ?? null);
  return (
    <Modal opened={target !== null} onClose={onClose} title={target ? `Assistant configuration — ${target.groupName}` : ''} size="lg" zIndex={400}>
      {!target ? null : config.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading configuration" />
        </Center>
      ) : config.isError ? (
        <Alert color="red" variant="light" role="alert" title={GROUP_ASSISTANT_MESSAGES.loadConfigFailed}>
          {errorReason(config.error)}
        </Alert>
      ) : (
        <ConfigForm key={target.groupId} target={target} initial={valuesOf(config.data)} onClose={onClose} />
      )}
    </Modal>
  );
}
