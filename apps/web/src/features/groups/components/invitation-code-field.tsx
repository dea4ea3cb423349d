import { Button, Stack, Text, TextInput } from '@mantine/core';
import type { InvitationCodeSent } from '@fieldbook/contract';
import { useState } from 'react';
import { errorReason } from '../../../lib/error-reason';

/**
 * The proof an acceptance needs: a 6-digit code texted to the invited phone. The link alone is a bearer token anyone
 * it is forwarded to holds; the code shows the person accepting has the phone it was sent to.
 */
export function InvitationCodeField(props: {
  phoneHint: string;
  value: string;
  onChange: (code: string) => void;
  error?: string | undefined;
  onSend: () => Promise<InvitationCodeSent>;
}) {
  const [sent, setSent] = useState(false);
  const [isSending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const send = async () => {
    setSending(true);
    setSendError(null);
    try {
      await props.onSend();
      setSent(true);
    } catch (err) {
      setSendError(errorReason(err));
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap={6}>
      <Text size="sm">
        {sent
          ? `We texted a 6-digit code to the phone ending in ${props.phoneHint}.`
          : `To join, confirm you have the invited phone (ending in ${props.phoneHint}): we text it a 6-digit code.`}
      </Text>
      <Button variant="light" onClick={() => void send()} loading={isSending} style={{ alignSelf: 'flex-start' }}>
        {sent ? 'Send a new code' : 'Text me a code'}
      </Button>
      <TextInput
        label="Code from the text message"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value.replace(/\D+/g, ''))}
        error={props.error}
        maw={320}
      />
      {sendError && (
        <Text size="sm" c="red" role="alert">
          {sendError}
        </Text>
      )}
    </Stack>
  );
}
