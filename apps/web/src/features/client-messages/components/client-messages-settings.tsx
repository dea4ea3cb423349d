import {
  CLIENT_MESSAGE_QUIET_HOURS,
  CLIENT_MESSAGE_RULES,
  CLIENT_MESSAGE_SETTINGS_ADMIN_ONLY,
  UpdateClientMessageSettingsBodySchema,
  type ClientMessageRules,
  type ClientMessageSettings,
} from '@fieldbook/contract';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { useClientMessageSettings, useUpdateClientMessageSettings } from '../api/settings';
import { InvoiceRemindersSection, type ReminderEditor } from './invoice-reminders-section';
import { RuleCard } from './rule-card';

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

type Form = { rules: ClientMessageRules; review_link: string };

/** Every problem the contract's own check finds, by its dotted path ('rules.visit_booked.template.sms'). */
function localErrors(form: Form): Record<string, string> {
  const checked = UpdateClientMessageSettingsBodySchema.safeParse(toBody(form));
  const errors: Record<string, string> = {};
  if (!checked.success) for (const issue of checked.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const toBody = (form: Form) => ({ rules: form.rules, review_link: form.review_link.trim() || null });

/** The server's 400, field by field (the same dotted paths). */
function serverErrors(err: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (err instanceof ApiRequestError) for (const d of err.details ?? []) errors[d.field] ??= d.message;
  return errors;
}

/**
 * Settings › Client messages (issues 34 and 36): each automatic message to clients on or off, with its timing and
 * templates; quiet hours; the invoices' overdue reminders (their own editor). Admins save; everyone else reads.
 */
export function ClientMessagesSettings({ reminderEditor }: { reminderEditor?: ReminderEditor }) {
  const settings = useClientMessageSettings();
  if (settings.isError) return <Alert color="red">{settings.error.message}</Alert>;
  if (!settings.data) return <Skeleton height={240} />;
  return <SettingsForm settings={settings.data} reminderEditor={reminderEditor} />;
}

function SettingsForm({ settings, reminderEditor }: { settings: ClientMessageSettings; reminderEditor: ReminderEditor | undefined }) {
  const save = useUpdateClientMessageSettings();
  const [form, setForm] = useState<Form>({ rules: settings.rules, review_link: settings.review_link ?? '' });
  const [fromServer, setFromServer] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), 3000);
    return () => clearTimeout(timer);
  }, [saved]);
  const readOnly = !settings.can_edit;
  const local = readOnly ? {} : localErrors(form);
  const error = (path: string) => fromServer[path] ?? local[path];
  const change = (next: Form, paths: string[]) => {
    setForm(next);
    setSaved(false);
    // A field changed is no longer what the server refused.
    setFromServer((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !paths.some((p) => k.startsWith(p)))));
  };
  const submit = () => {
    setFromServer({});
    save.mutate(toBody(form), {
      onSuccess: (answer) => {
        setForm({ rules: answer.rules, review_link: answer.review_link ?? '' });
        setSaved(true);
      },
      onError: (err) => setFromServer(serverErrors(err)),
    });
  };
  const { from, until } = CLIENT_MESSAGE_QUIET_HOURS;
  return (
    <Stack gap="md">
      <Text size="sm">Messages Fieldbook sends your clients by itself, by text and email, each at most once per visit, quote or job.</Text>
      <Alert color="blue" variant="light" title="Quiet hours">
        Never sent between {hour(until)} and {hour(from)} in the workspace’s time zone ({settings.time_zone}): a message due then goes at {hour(from)} the next
        morning. Never sent to a client who opted out.
      </Alert>
      {readOnly && (
        <Alert color="gray" variant="light">
          {CLIENT_MESSAGE_SETTINGS_ADMIN_ONLY}.
        </Alert>
      )}
      {CLIENT_MESSAGE_RULES.map((rule) => (
        <RuleCard
          key={rule}
          rule={rule}
          value={form.rules[rule]}
          onChange={(value) => change({ ...form, rules: { ...form.rules, [rule]: value } }, [`rules.${rule}`])}
          reviewLink={form.review_link}
          onReviewLinkChange={(link) => change({ ...form, review_link: link }, ['review_link'])}
          error={error}
          readOnly={readOnly}
        />
      ))}
      {!readOnly && (
        <Stack gap="xs">
          {save.error && (
            <Alert color="red" role="alert">
              {save.error.message}
            </Alert>
          )}
          {saved && (
            <Alert color="green" role="status">
              Client messages saved.
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={submit} loading={save.isPending} disabled={Object.keys(local).length > 0}>
              Save client messages
            </Button>
          </Group>
        </Stack>
      )}
      <InvoiceRemindersSection reminders={settings.invoice_reminders} canEdit={settings.can_edit} editor={reminderEditor} />
    </Stack>
  );
}
