import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { RECORDING_CONSENT_NOTICE_MAX, type RecordingConsentNotice } from '@fieldbook/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { fieldErrorsOf } from '../../../lib/api-client';
import { errorReason } from '../../../lib/error-reason';
import { useProfile } from '../../profile';
import { useRecordingConsentNotice, useSaveRecordingConsentNotice } from '../api/consent-notice';

/**
 * The workspace's recording consent notice, for its admins (issue 26; PUT access 'admin'): the text every crew member
 * confirms before a recording starts. It can be changed, not switched off — saving it empty brings the default back.
 * Nothing for anyone else.
 */
export function RecordingConsentSettings() {
  const profile = useProfile();
  return profile.data?.role === 'admin' && profile.data.workspace_id ? <ConsentNoticeCard /> : null;
}

function ConsentNoticeCard() {
  const notice = useRecordingConsentNotice();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={640} mt="lg" component="section" aria-label="Call recording notice">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Call recording notice
        </Title>
        <Text size="sm" c="dimmed">
          Shown before every recording starts; the recording starts only after the user confirms they have told the other party. Several US states require everyone on a call to consent to its recording.
        </Text>
        {notice.isError && !notice.data ? (
          <Alert color="red" variant="light" role="alert">
            {`Failed to load the notice: ${errorReason(notice.error)}`}
          </Alert>
        ) : notice.data ? (
          <NoticeForm key={notice.data.updated_at ?? 'default'} current={notice.data} />
        ) : (
          <Text size="sm" c="dimmed">
            Loading...
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function NoticeForm({ current }: { current: RecordingConsentNotice }) {
  const save = useSaveRecordingConsentNotice();
  const [text, setText] = useState(current.notice);
  const [error, setError] = useState<string | null>(null);
  const submit = (notice: string | null) => {
    setError(null);
    save.mutate(
      { notice },
      {
        onSuccess: (saved) => {
          setText(saved.notice);
          toast.success(saved.is_default ? 'The default recording notice is back' : 'Recording notice saved');
        },
        onError: (err) => setError(fieldErrorsOf(err, ['notice']).notice ?? `Failed to save the notice: ${errorReason(err)}`),
      },
    );
  };
  return (
    <Stack gap="sm">
      <Textarea label="Notice" value={text} onChange={(e) => setText(e.currentTarget.value)} autosize minRows={3} maxLength={RECORDING_CONSENT_NOTICE_MAX} error={error} />
      {current.is_default && (
        <Text size="xs" c="dimmed">
          This is the default notice.
        </Text>
      )}
      {!text.trim() && (
        <Alert variant="light" color="yellow" icon={<IconAlertTriangle size={16} />}>
          The notice cannot be turned off: saved empty, the default notice is shown.
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        {!current.is_default && (
          <Button variant="default" onClick={() => submit(null)} disabled={save.isPending}>
            Use the default
          </Button>
        )}
        <Button onClick={() => submit(text)} loading={save.isPending}>
          Save notice
        </Button>
      </Group>
    </Stack>
  );
}
