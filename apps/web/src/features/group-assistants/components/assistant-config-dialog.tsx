import { Alert, Center, Loader, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { BASE_MODELS, DEFAULT_BASE_MODEL, GROUP_ASSISTANT_MESSAGES, UpdateAssistantConfigBodySchema, type AssistantConfig } from '@fieldbook/contract';
import toast from 'react-hot-toast';
import { contractValidate } from '../../../lib/contract-form';
import { errorReason } from '../../../lib/error-reason';
import { useAssistantConfig } from '../api/get-assistant-config';
import { useUpdateAssistantConfig, type AssistantConfigForm } from '../api/update-assistant-config';
import { FormActions } from '../../../components/form-actions';

type Target = { groupId: string; groupName: string };
type Values = Required<AssistantConfigForm>;

const MODEL_OPTIONS = BASE_MODELS.map((m) => ({ value: m.value, label: m.label }));
const FIELDS = ['name', 'persona', 'specialization', 'system_prompt', 'base_model'] as const;
/** The server's check (UpdateAssistantConfigBodySchema: lengths and a known base model; the spec shows no messages). */
const validateConfig = contractValidate(UpdateAssistantConfigBodySchema, (v: Values) => v, FIELDS);

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
  const form = useForm<Values>({ initialValues: initial, validate: validateConfig });
  const save = useUpdateAssistantConfig();
  const submit = (values: Values) =>
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
      onSubmit={form.onSubmit(submit)}
    >
      <Stack gap="sm">
        {save.isError && (
          <Alert color="red" variant="light" role="alert" title={GROUP_ASSISTANT_MESSAGES.updateConfigFailed}>
            {errorReason(save.error)}
          </Alert>
        )}
        <TextInput label="Name" placeholder={`${target.groupName} Assistant`} {...form.getInputProps('name')} maxLength={200} />
        <Textarea size="md" label="Persona" description="Who the assistant is and how it speaks" autosize minRows={2} maxRows={6} {...form.getInputProps('persona')} maxLength={4000} />
        <Textarea size="md" label="Specialization" description="What it knows best" autosize minRows={2} maxRows={4} {...form.getInputProps('specialization')} maxLength={1000} />
        <Textarea size="md" label="System Prompt" autosize minRows={4} maxRows={10} {...form.getInputProps('system_prompt')} maxLength={8000} />
        <Select
          label="Base Model"
          size="md"
          data={MODEL_OPTIONS}
          value={form.getValues().base_model}
          onChange={(v) => v && form.setFieldValue('base_model', v as Values['base_model'])}
          error={form.errors.base_model}
          allowDeselect={false}
          comboboxProps={{ zIndex: 500 }}
        />
        <FormActions submitLabel="Save Configuration" isSaving={save.isPending} lockCancel onCancel={onClose} />
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
