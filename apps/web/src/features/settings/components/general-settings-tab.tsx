import { Button, Divider, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

export type GeneralSettingsValues = {
  theme: 'light' | 'dark';
  notifications_enabled: boolean;
  email_notifications: boolean;
  sms_notifications: boolean;
  api_url: string;
};

type GeneralSettingsTabProps = {
  values: GeneralSettingsValues;
  onChange: (patch: Partial<GeneralSettingsValues>) => void;
  /** While the saved values load, so a change is not overwritten by them. */
  disabled?: boolean;
  /** The server's refusals, by field. */
  errors?: Partial<Record<keyof GeneralSettingsValues, string>>;
  /** "Reset to default" beside the API URL: works while the stored address is unreachable. */
  onResetApiUrl?: () => void;
  isResetting?: boolean;
};

export function GeneralSettingsTab({ values, onChange, disabled = false, errors = {}, onResetApiUrl, isResetting = false }: GeneralSettingsTabProps) {
  return (
    <Stack gap="lg">
      <section>
        <Text fw={600} mb={4}>
          Appearance
        </Text>
        <Switch
          size="md"
          label="Dark theme"
          description="Applies to the whole app on this device and wherever you sign in."
          checked={values.theme === 'dark'}
          disabled={disabled}
          onChange={(e) => onChange({ theme: e.currentTarget.checked ? 'dark' : 'light' })}
          onLabel={<IconMoon size={14} />}
          offLabel={<IconSun size={14} />}
        />
      </section>
      <Divider />
      <section>
        <Text fw={600} mb={4}>
          Notifications
        </Text>
        <Stack gap="sm">
          <Switch
            size="md"
            label="Enable notifications"
            description="Task assignments, job updates and documents sent to you."
            checked={values.notifications_enabled}
            disabled={disabled}
            onChange={(e) => onChange({ notifications_enabled: e.currentTarget.checked })}
          />
          {values.notifications_enabled && (
            <Stack gap="sm" pl={{ base: 'md', sm: 'xl' }}>
              <Switch label="Email notifications" disabled={disabled} checked={values.email_notifications} onChange={(e) => onChange({ email_notifications: e.currentTarget.checked })} />
              <Switch label="SMS notifications" disabled={disabled} checked={values.sms_notifications} onChange={(e) => onChange({ sms_notifications: e.currentTarget.checked })} />
            </Stack>
          )}
        </Stack>
      </section>
      <Divider />
      <section>
        <TextInput
          label="API URL"
          placeholder="Leave empty to use the default API URL"
          description="Only change this if your administrator gave you a different server address. Leave empty to use the default API URL."
          value={values.api_url}
          disabled={disabled}
          error={errors.api_url}
          onChange={(e) => onChange({ api_url: e.currentTarget.value })}
          size="sm"
        />
        {onResetApiUrl && (
          // Enabled even while the settings cannot load: a wrong API URL is exactly what makes them fail.
          <Button variant="subtle" size="xs" mt="xs" px={0} onClick={onResetApiUrl} loading={isResetting}>
            Reset to default
          </Button>
        )}
      </section>
    </Stack>
  );
}
