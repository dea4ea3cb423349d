import { Anchor, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { appUrl, auth } from '../../../lib/auth-client';
import { OtherFormLink, SubmitButton } from './auth-form-parts';
import { FormStatus } from './form-status';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; email: string } | { kind: 'error'; message: string };

/** Requests a recovery email. The server answers alike for unknown addresses, so the confirmation is neutral. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) {
      setStatus({ kind: 'error', message: 'Email is required' });
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      const { error } = await auth.resetPasswordForEmail(address, { redirectTo: appUrl('/reset-password') });
      if (error) {
        setStatus({ kind: 'error', message: error.message || 'Failed to send the reset link' });
        return;
      }
      setStatus({ kind: 'sent', email: address });
    } catch {
      setStatus({ kind: 'error', message: 'An unexpected error occurred. Please try again.' });
    }
  };

  if (status.kind === 'sent') {
    return (
      <Stack gap="md">
        <FormStatus kind="success" message={`If an account exists for ${status.email}, a link to reset your password is on its way. Check your inbox.`} />
        <Anchor component={Link} to="/login" fw={600} ta="center">
          Back to Sign In
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Email" type="email" autoComplete="email" placeholder="you@company.com" value={email} onChange={(e) => setEmail(e.currentTarget.value)} disabled={status.kind === 'sending'} />
        {status.kind === 'error' && <FormStatus kind="error" message={status.message} />}
        <SubmitButton busy={status.kind === 'sending'} label="Send Reset Link" busyLabel="Sending..." />
        <OtherFormLink prompt="Remembered it?" to="/login">
          Sign In
        </OtherFormLink>
      </Stack>
    </form>
  );
}
