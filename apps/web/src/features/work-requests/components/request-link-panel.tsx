import { Alert, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useRequestLink, useResetRequestLink } from '../api/request-link';

/** The workspace's public Request work link for its website: copy the link or an HTML snippet; admins reset it. */
export function RequestLinkPanel() {
  const link = useRequestLink();
  const reset = useResetRequestLink();
  const [confirming, setConfirming] = useState(false);
  if (link.isError) return <Alert color="red">{link.error.message}</Alert>;
  if (!link.data) return null;
  const { url, snippet, can_reset } = link.data;
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Text fw={600}>Request work link</Text>
        <Text size="sm" c="dimmed">
          Put it on your website: anyone can send you a request with it. Requests land here; nothing is sent to the addresses people type in.
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput label="Link" value={url} readOnly onFocus={(e) => e.currentTarget.select()} style={{ flex: 1, minWidth: 0 }} />
          <CopyButton value={url}>{({ copied, copy }) => <Button variant="light" onClick={copy}>{copied ? 'Copied' : 'Copy link'}</Button>}</CopyButton>
        </Group>
        <Textarea label="HTML for your website" value={snippet} readOnly autosize minRows={2} onFocus={(e) => e.currentTarget.select()} />
        <Group gap="xs">
          <CopyButton value={snippet}>{({ copied, copy }) => <Button variant="light" onClick={copy}>{copied ? 'Copied' : 'Copy HTML'}</Button>}</CopyButton>
          {can_reset && (
            <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
              Reset link
            </Button>
          )}
        </Group>
        {reset.isError && <Alert color="red">{reset.error.message}</Alert>}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Reset the request link?"
        message="The current link stops working at once: update it on your website."
        confirmLabel="Reset link"
        isWorking={reset.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => reset.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </Paper>
  );
}
