import { Button, Stack, Text, TextInput } from '@mantine/core';
import { INVITATION_CODE_REQUIRED, type AcceptInvitationResult, type InvitationCodeSent } from '@fieldbook/contract';
import { useState } from 'react';
import { fieldErrorsOf } from '../../../lib/api-client';
import { errorReason } from '../../../lib/error-reason';

export type AcceptedOutcome = { kind: 'accepted' | 'already'; text: string };

/** The accept outcome's texts. */
export function acceptedOutcome(r: AcceptInvitationResult): AcceptedOutcome {
  return r.already_member ? { kind: 'already', text: 'You are already a member of this group. Taking you to your groups…' } : { kind: 'accepted', text: 'You joined the group. Taking you to your groups…' };
}

/**
 * A signed-in acceptance with the texted code, for both invitation screens: no request without a code, a wrong code
 * shown at the field (the user's to fix), any other failure handed to the screen.
 */
export function useCodeAcceptance(opts: { accept: (code: string) => Promise<AcceptInvitationResult>; onAccepted: (outcome: AcceptedOutcome) => void; onFailure: (reason: string) => void }) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const submit = () => {
    if (!code) return setCodeError(INVITATION_CODE_REQUIRED);
    setCodeError(undefined);
    opts.accept(code).then(
      (r) => opts.onAccepted(acceptedOutcome(r)),
      (e: unknown) => {
        const wrong = fieldErrorsOf(e, ['code']).code;
        if (wrong) setCodeError(wrong);
        else opts.onFailure(errorReason(e));
      },
    );
  };
  /** The code field's value, onChange and error. */
  return { field: { value: code, onChange: setCode, error: codeError }, submit };
}

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
