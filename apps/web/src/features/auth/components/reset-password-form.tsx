import { Anchor, Button, Loader, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { auth } from '../../../lib/auth-client';
import { useAuth } from '../../../lib/auth-provider';
import { MIN_PASSWORD_LENGTH } from '../lib/signup-validation';
import { PasswordField } from '../../../components/password-field';
import { SubmitButton } from './auth-form-parts';
import { FormStatus } from './form-status';

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'done' } | { kind: 'error'; message: string };

/** A failed recovery link comes back as `#error=…&error_description=…`; auth-js leaves that hash in place. */
function linkErrorFromHash(): string | null {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return params.get('error_description') ?? params.get('error');
}

/** Sets a new password with the session auth-js picked up from the recovery link. */
export function ResetPasswordForm() {
  const navigate = useNavigate();
  const { session, loading } = useAuth();
  const [linkError] = useState(linkErrorFromHash);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  if (loading) {
    return (
      <Stack align="center" py="xl">
        <Loader type="dots" />
      </Stack>
    );
  }
  if (!session) {
    return (
      <Stack gap="md">
        <FormStatus kind="error" message={linkError ? `${linkError}. Request a new link.` : 'This password reset link is invalid or has expired. Request a new link.'} />
        <Button component={Link} to="/forgot-password" size="md" fullWidth>
          Request a New Link
        </Button>
      </Stack>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || !confirm) return setStatus({ kind: 'error', message: 'Enter and confirm your new password' });
    if (password !== confirm) return setStatus({ kind: 'error', message: 'Passwords do not match' });
    if (password.length < MIN_PASSWORD_LENGTH) return setStatus({ kind: 'error', message: 'Password must be at least 6 characters' });
    setStatus({ kind: 'saving' });
    try {
      const { error } = await auth.updateUser({ password });
      setStatus(error ? { kind: 'error', message: error.message || 'Failed to update password' } : { kind: 'done' });
    } catch {
      setStatus({ kind: 'error', message: 'An unexpected error occurred. Please try again.' });
    }
  };

  if (status.kind === 'done') {
    return (
      <Stack gap="md">
        <FormStatus kind="success" message="Your password has been updated." />
        <Button size="md" fullWidth onClick={() => navigate('/', { replace: true })}>
          Continue to Fieldbook
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordField label="New Password" autoComplete="new-password" placeholder="At least 6 characters" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
        <PasswordField label="Confirm New Password" autoComplete="new-password" placeholder="Repeat your new password" value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} />
        {status.kind === 'error' && <FormStatus kind="error" message={status.message} />}
        <SubmitButton busy={status.kind === 'saving'} label="Set New Password" busyLabel="Saving..." />
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Back to Sign In
        </Anchor>
      </Stack>
    </form>
  );
}
