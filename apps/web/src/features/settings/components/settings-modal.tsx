import { Alert, Button, Divider, Group, Loader, Modal, Tabs, Text, useMantineColorScheme } from '@mantine/core';
import { IconCreditCard, IconDeviceMobile, IconMessageCircle, IconPlugConnected, IconSettings, IconShieldLock } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { callRecorderAvailability } from '@fieldbook/call-recorder';
import type { UserSettings } from '@fieldbook/contract';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { ApiRequestError, fieldErrorsOf } from '../../../lib/api-client';
import { useSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';
import { resetLocalApiBase, storeSettingsLocally } from '../../../lib/local-settings';
import { CallRecorderTab } from './call-recorder-tab';
import { GeneralSettingsTab, type GeneralSettingsValues } from './general-settings-tab';
import { IntegrationsTab } from './integrations-tab';
import { hasDriveReturn } from '../../drive';
import { hasStripeConnectReturn, PaymentsSettings } from '../../payments';
import { DepositStepSettings } from '../../quotes';
import { ClientMessagesSettings } from '../../client-messages';
import { ReminderSettingsForm } from '../../invoices';
import { SecurityTab } from './security-tab';

/** Spec 001 §9: the saved message disappears after 3 s. */
export const SAVED_MESSAGE_MS = 3000;

const DEFAULTS: Omit<GeneralSettingsValues, 'theme'> = { notifications_enabled: true, email_notifications: true, sms_notifications: true, api_url: '' };

export function SettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700} size="lg">Settings</Text>} size="lg" fullScreen={isPhone} padding="lg">
      {/* Mounted only while open, so each opening starts from the saved values. */}
      {opened && <SettingsForm onClose={onClose} />}
    </Modal>
  );
}

function SettingsForm({ onClose }: { onClose: () => void }) {
  const settings = useSettings();
  const save = useUpdateSettings();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  // The theme previews live while the modal is open; closing without saving goes back to this one.
  const savedTheme = useRef<'light' | 'dark'>(colorScheme === 'dark' ? 'dark' : 'light');
  const [values, setValues] = useState<GeneralSettingsValues>({ theme: savedTheme.current, ...DEFAULTS });
  const [loadedFromServer, setLoadedFromServer] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof GeneralSettingsValues, string>>>({});
  // Spec 001 §2: the Call Recorder tab only where the mobile recorder plugin exists (the app, not a browser).
  const [showRecorder] = useState(() => callRecorderAvailability() === 'native');

  // Mantine's setColorScheme changes identity on every render: effects reach it through effect events.
  const applyLoaded = useEffectEvent((data: UserSettings) => {
    const { theme, notifications_enabled, email_notifications, sms_notifications, api_url } = data;
    setValues({ theme, notifications_enabled, email_notifications, sms_notifications, api_url: api_url ?? '' });
    savedTheme.current = theme;
    setColorScheme(theme);
    setLoadedFromServer(true);
  });
  useEffect(() => {
    if (settings.data && !loadedFromServer) applyLoaded(settings.data);
  }, [settings.data, loadedFromServer]);

  useEffect(() => {
    if (message?.kind !== 'success') return;
    const timer = setTimeout(() => setMessage(null), SAVED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  // Closing with an unsaved theme preview goes back to the saved theme.
  const restoreSavedTheme = useEffectEvent(() => setColorScheme(savedTheme.current));
  useEffect(() => () => restoreSavedTheme(), []);

  const change = (patch: Partial<GeneralSettingsValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setFieldErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
    if (patch.theme) setColorScheme(patch.theme);
  };

  /**
   * Back to the default API URL: this browser's copy goes at once — no request needed, so it works while the
   * stored address is unreachable — then the saved value is cleared too when the API answers.
   */
  const resetApiUrl = () => {
    resetLocalApiBase();
    change({ api_url: '' });
    save.mutate(
      { api_url: null },
      {
        onSuccess: (saved) => {
          storeSettingsLocally(saved);
          setMessage({ kind: 'success', text: 'API URL reset to the default.' });
        },
        onError: () => setMessage({ kind: 'error', text: 'API URL reset on this device; the saved setting could not be cleared yet. Save again when you are online.' }),
      },
    );
  };

  const submit = () => {
    if (!loadedFromServer) return;
    setMessage(null);
    setFieldErrors({});
    const apiUrl = values.api_url.trim();
    save.mutate(
      { ...values, api_url: apiUrl ? apiUrl : null },
      {
        onSuccess: (saved) => {
          savedTheme.current = saved.theme;
          setColorScheme(saved.theme);
          storeSettingsLocally(saved);
          setMessage({ kind: 'success', text: 'Settings saved successfully!' });
        },
        onError: (err) => {
          const errors = fieldErrorsOf<keyof GeneralSettingsValues>(err, ['theme', 'notifications_enabled', 'email_notifications', 'sms_notifications', 'api_url']);
          setFieldErrors(errors);
          setMessage({ kind: 'error', text: err instanceof ApiRequestError ? err.message : 'Failed to save settings' });
        },
      },
    );
  };

  // The tab shown: Save Settings saves the General tab's values only, so it is offered there alone — under Payments or
  // Client messages it read as saving what those tabs show, which have their own Save.
  const [tab, setTab] = useState<string>(() => (hasDriveReturn() ? 'integrations' : hasStripeConnectReturn() ? 'payments' : 'general'));

  return (
    <>
      {/* Back from Google's consent page, the modal opens on the Drive panel; back from Stripe's onboarding, on Payments. */}
      <Tabs value={tab} onChange={(v) => setTab(v ?? 'general')} keepMounted={false} mih={420}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="general" leftSection={<IconSettings size={16} />}>
            General
          </Tabs.Tab>
          {showRecorder && (
            <Tabs.Tab value="recorder" leftSection={<IconDeviceMobile size={16} />}>
              Call Recorder
            </Tabs.Tab>
          )}
          <Tabs.Tab value="integrations" leftSection={<IconPlugConnected size={16} />}>
            Integrations
          </Tabs.Tab>
          <Tabs.Tab value="payments" leftSection={<IconCreditCard size={16} />}>
            Payments
          </Tabs.Tab>
          <Tabs.Tab value="client-messages" leftSection={<IconMessageCircle size={16} />}>
            Client messages
          </Tabs.Tab>
          <Tabs.Tab value="security" leftSection={<IconShieldLock size={16} />}>
            Security
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="general">
          {settings.isPending && (
            <Group gap="xs" mb="md">
              <Loader size="xs" type="dots" />
              <Text size="sm" c="dimmed">
                Loading your settings...
              </Text>
            </Group>
          )}
          {settings.isError && !loadedFromServer && (
            <Alert color="red" variant="light" mb="md" role="alert">
              <Group justify="space-between" gap="sm">
                <Text size="sm">{`Failed to load settings: ${settings.error.message}`}</Text>
                <Button size="xs" color="red" variant="white" onClick={() => void settings.refetch()} loading={settings.isFetching}>
                  Retry
                </Button>
              </Group>
            </Alert>
          )}
          <GeneralSettingsTab
            values={values}
            onChange={change}
            disabled={!loadedFromServer}
            errors={fieldErrors}
            onResetApiUrl={resetApiUrl}
            isResetting={save.isPending}
          />
        </Tabs.Panel>
        {showRecorder && (
          <Tabs.Panel value="recorder">
            <CallRecorderTab />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="integrations">
          <IntegrationsTab />
        </Tabs.Panel>
        <Tabs.Panel value="payments">
          <PaymentsSettings />
          <Divider my="lg" />
          <DepositStepSettings />
        </Tabs.Panel>
        <Tabs.Panel value="client-messages">
          {/* The invoices' reminders keep their one editor; the Client messages page shows it in place. */}
          <ClientMessagesSettings reminderEditor={(onDone) => <ReminderSettingsForm onDone={onDone} />} />
        </Tabs.Panel>
        <Tabs.Panel value="security">
          <SecurityTab />
        </Tabs.Panel>
      </Tabs>
      {message && (
        <Alert mt="lg" variant="light" color={message.kind === 'success' ? 'fieldbook' : 'red'} role={message.kind === 'success' ? 'status' : 'alert'}>
          {message.text}
        </Alert>
      )}
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        {/* Saving before the stored values loaded would write these defaults over them. */}
        {tab === 'general' && (
          <Button onClick={submit} disabled={save.isPending || !loadedFromServer} leftSection={save.isPending ? <Loader size={14} color="gray" /> : undefined}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
        )}
      </Group>
    </>
  );
}
