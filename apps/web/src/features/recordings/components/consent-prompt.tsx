import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { consentNoticeText, useRecordingConsentNotice } from '../api/consent-notice';

/**
 * The consent notice before a recording starts (issue 26: several US states require every party's consent to a
 * recorded call). `confirm()` opens it and resolves true only when the user says they have told the other party;
 * Cancel, Escape or leaving the page resolve false and nothing is recorded. The text is the workspace's (an admin
 * sets it), read again each time; while it loads or when it cannot be read, the default — never no notice.
 */
export function useConsentPrompt() {
  const notice = useRecordingConsentNotice();
  const [opened, setOpened] = useState(false);
  const resolver = useRef<((confirmed: boolean) => void) | null>(null);
  const { refetch } = notice;

  const answer = useCallback((confirmed: boolean) => {
    resolver.current?.(confirmed);
    resolver.current = null;
    setOpened(false);
  }, []);

  const confirm = useCallback(() => {
    resolver.current?.(false);
    void refetch();
    setOpened(true);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, [refetch]);

  useEffect(() => () => resolver.current?.(false), []);

  const element = <ConsentNoticeModal opened={opened} text={consentNoticeText(notice.data)} onConfirm={() => answer(true)} onCancel={() => answer(false)} />;
  return { confirm, element };
}

function ConsentNoticeModal({ opened, text, onConfirm, onCancel }: { opened: boolean; text: string; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Modal opened={opened} onClose={onCancel} title={<Text fw={700}>Before you record</Text>} closeOnClickOutside={false} centered>
      <Stack gap="md">
        <Alert variant="light" color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="consent-notice">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {text}
          </Text>
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onConfirm} data-autofocus>
            I have told the other party
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
