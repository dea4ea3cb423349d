import { Anchor, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { auth } from '../../../lib/auth-client';
import { FormStatus } from './form-status';

type MfaChallengeFormProps = { onVerified: () => Promise<void> | void; onCancel: () => void };

/** The second sign-in step for accounts with a verified TOTP factor (aal1 → aal2). */
export function MfaChallengeForm({ onVerified, onCancel }: MfaChallengeFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);

  const verify = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setVerifying(true);
    setError(null);
    try {
      const { data, error: listError } = await auth.mfa.listFactors();
      const factor = data?.totp[0];
      if (listError || !factor) {
        setError(listError?.message ?? 'No authenticator app is set up for this account');
        return;
      }
      const { error: verifyError } = await auth.mfa.challengeAndVerify({ factorId: factor.id, code });
      if (verifyError) {
        setError(verifyError.message || 'Invalid code');
        setCode('');
        return;
      }
      await onVerified();
    } catch {
      setError('An unexpected error occurred. Please try again.');
    } finally {
      setVerifying(false);
    }
  };

  return (
    <form onSubmit={verify} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Two-step verification is on for this account. Enter the 6-digit code from your authenticator app.
        </Text>
        <Group justify="center">
          <PinInput length={6} type="number" oneTimeCode autoFocus size="lg" value={code} onChange={setCode} ariaLabel="Authentication code" />
        </Group>
        {error && <FormStatus kind="error" message={error} />}
        <Button type="submit" size="md" loading={verifying} fullWidth>
          Verify
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onCancel} ta="center">
          Use a different account
        </Anchor>
      </Stack>
    </form>
  );
}
