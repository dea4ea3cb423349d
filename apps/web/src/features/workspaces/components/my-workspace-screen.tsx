import { Alert, Button, Center, Code, Group, Loader, Paper, Radio, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconInfoCircle, IconLock, IconRefresh } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { runtimeTimeZone, SaveMyWorkspaceBodySchema, type GroupVisibility, type MyWorkspace, type PrivacySetting, type SaveMyWorkspaceBody } from '@fieldbook/contract';
import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import { PageHeader } from '../../../components/page-header';
import { LoadError } from '../../../components/load-error';
import { fieldErrorsOf } from '../../../lib/api-client';
import { contractValidate } from '../../../lib/contract-form';
import { useMyWorkspace, useSaveMyWorkspace } from '../api/my-workspace';
import { errorReason } from '../../../lib/error-reason';
import { TimeZoneSelect } from './time-zone-select';

/** Spec 002 §2 labels, in order. */
export const PRIVACY_OPTIONS: Array<{ value: PrivacySetting; label: string }> = [
  { value: 'private', label: 'Private - Only share with specific groups' },
  { value: 'limited', label: 'Limited - Share with contacts and groups' },
  { value: 'public', label: 'Public - Visible to all system users' },
];
export const GROUP_VISIBILITY_OPTIONS: Array<{ value: GroupVisibility; label: string }> = [
  { value: 'invite_only', label: 'Invite Only' },
  { value: 'contact_visible', label: 'Visible to Contacts' },
  { value: 'public', label: 'Public' },
];

/** /my-workspace (spec 002 §2 "Personal workspace settings"). */
export function MyWorkspaceScreen() {
  const mine = useMyWorkspace();
  return (
    <>
      <PageHeader
        title="My Workspace Settings"
        description="Your company's workspace: its name, who can see it, and how new groups start."
        actions={
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void mine.refetch()} loading={mine.isFetching && !mine.isPending}>
            Refresh
          </Button>
        }
      />
      {mine.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading workspace" />
        </Center>
      ) : mine.isError ? (
        <LoadError
          error={mine.error}
          title="Could not load your workspace"
          message={`Failed to load your workspace settings: ${errorReason(mine.error)}`}
          onRetry={() => void mine.refetch()}
          isRetrying={mine.isFetching}
        />
      ) : (
        // Keyed by the workspace: after a save or refresh the form starts from what the server holds.
        <WorkspaceSettingsForm key={`${mine.data.workspace?.id ?? 'none'}:${mine.data.workspace?.updated_at ?? ''}`} mine={mine.data} />
      )}
    </>
  );
}

type SettingsValues = Required<SaveMyWorkspaceBody>;
const SETTINGS_FIELDS = ['name', 'privacy_setting', 'drive_integration_enabled', 'default_group_visibility', 'time_zone'] as const;
/** The server's check (SaveMyWorkspaceBodySchema: 'Workspace name is required', …). */
const validateSettings = contractValidate(SaveMyWorkspaceBodySchema, (v: SettingsValues) => v, SETTINGS_FIELDS);

function WorkspaceSettingsForm({ mine }: { mine: MyWorkspace }) {
  const save = useSaveMyWorkspace();
  const ws = mine.workspace;
  const readOnly = !mine.can_edit;
  const form = useForm<SettingsValues>({
    initialValues: {
      name: ws?.name ?? mine.suggested_name,
      privacy_setting: ws?.privacy_setting ?? 'private',
      drive_integration_enabled: ws?.drive_integration_enabled ?? true,
      default_group_visibility: ws?.default_group_visibility ?? 'invite_only',
      // A workspace created here starts in this browser's zone.
      time_zone: ws?.time_zone ?? runtimeTimeZone(),
    },
    validate: validateSettings,
  });
  const values = form.getValues();
  const [saveError, setSaveError] = useState<string | null>(null);
  const set = <K extends keyof SettingsValues>(key: K, value: SettingsValues[K]) => form.setFieldValue(key, value as never);
  // Stable, so the memoised time-zone select is not drawn again while other fields change.
  const { setFieldValue } = form;
  const setTimeZone = useCallback((zone: string) => setFieldValue('time_zone', zone), [setFieldValue]);

  const submit = (valid: SettingsValues) => {
    if (readOnly) return;
    setSaveError(null);
    save.mutate(valid, {
      onSuccess: () => toast.success('Workspace settings updated successfully'),
      onError: (err) => {
        const fieldErrors = fieldErrorsOf(err, ['name', 'time_zone']);
        if (fieldErrors.name) form.setFieldError('name', fieldErrors.name);
        if (fieldErrors.time_zone) form.setFieldError('time_zone', fieldErrors.time_zone);
        setSaveError(`Failed to save workspace settings: ${errorReason(err)}`);
        toast.error('Failed to save settings');
      },
    });
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={640}>
      <form
        noValidate
        onSubmit={form.onSubmit(submit)}
      >
        {/* A member who does not own the workspace reads its settings: the owner (or a system admin) changes them. */}
        <Stack gap="lg">
          {readOnly && (
            <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
              Only the workspace owner can change its settings.
            </Alert>
          )}
          {!ws && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
              You have no workspace yet. Save these settings to create one; jobs, tasks and documents live in it.
            </Alert>
          )}
          {saveError && (
            <Alert color="red" variant="light" role="alert">
              {saveError}
            </Alert>
          )}
          <TextInput label="Workspace Name" value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={form.errors.name} maxLength={200} disabled={readOnly} />
          <Radio.Group label="Privacy Settings" value={values.privacy_setting} onChange={(v) => set('privacy_setting', v as PrivacySetting)}>
            <Stack gap="xs" mt="xs">
              {PRIVACY_OPTIONS.map((o) => (
                <Radio key={o.value} value={o.value} label={o.label} disabled={readOnly} />
              ))}
            </Stack>
          </Radio.Group>
          <Switch
            label="Google Drive Integration"
            description="Copy this workspace’s documents, calls and task lists to its members’ connected Google Drives. Off: nothing of it is copied."
            checked={values.drive_integration_enabled}
            disabled={readOnly}
            onChange={(e) => set('drive_integration_enabled', e.currentTarget.checked)}
          />
          <Select
            label="Default Group Visibility"
            data={GROUP_VISIBILITY_OPTIONS}
            value={values.default_group_visibility}
            allowDeselect={false}
            disabled={readOnly}
            onChange={(v) => v && set('default_group_visibility', v as GroupVisibility)}
          />
          <TimeZoneSelect value={values.time_zone} onChange={setTimeZone} disabled={readOnly} error={form.errors.time_zone} />
          {ws && (
            <Paper bg="var(--mantine-color-gray-0)" p="sm" radius="sm" data-testid="workspace-info">
              <Text size="sm">
                Workspace ID: <Code>{ws.id}</Code>
              </Text>
              <Text size="sm">Created: {new Date(ws.created_at).toLocaleDateString()}</Text>
            </Paper>
          )}
          {!readOnly && (
            <Group justify="flex-end">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save Settings'}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
