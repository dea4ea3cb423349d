import { Anchor, Group, Loader, Stack, TextInput } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { auth } from '../../../lib/auth-client';
import { useAuth } from '../../../lib/auth-provider';
import { safeRedirectTarget } from '../lib/redirect';
import { PasswordField } from '../../../components/password-field';
import { OtherFormLink, SubmitButton } from './auth-form-parts';
import { FormStatus } from './form-status';

// Only accounts with two-step verification need the code step: keep it out of the login chunk.
const MfaChallengeForm = lazy(() => import('./mfa-challenge-form').then((m) => ({ default: m.MfaChallengeForm })));

/** Spec 000 §9: navigation 0.5 s after a successful sign-in. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

type Status = { kind: 'idle' } | { kind: 'submitting' } | { kind: 'mfa' } | { kind: 'success' } | { kind: 'error'; message: string };

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { session, loading, needsMfa, refreshAssurance, signOut } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const target = safeRedirectTarget(searchParams.get('redirect'));
  const signupMessage = (location.state as { message?: string } | null)?.message;

  useEffect(() => () => clearTimeout(timer.current), []);

  const succeed = () => {
    setStatus({ kind: 'success' });
    timer.current = setTimeout(() => navigate(target, { replace: true }), LOGIN_REDIRECT_DELAY_MS);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setStatus({ kind: 'error', message: 'Email and password are required' });
      return;
    }
    setStatus({ kind: 'submitting' });
    try {
      const { data, error } = await auth.signInWithPassword({ email: email.trim(), password });
      if (error) {
        setStatus({ kind: 'error', message: error.message || 'Failed to sign in' });
        return;
      }
      if (!data.session) {
        setStatus({ kind: 'error', message: 'Authentication failed: No response from server' });
        return;
      }
      const { data: level } = await auth.mfa.getAuthenticatorAssuranceLevel();
      if (level?.currentLevel === 'aal1' && level.nextLevel === 'aal2') {
        setStatus({ kind: 'mfa' });
        return;
      }
      succeed();
    } catch {
      setStatus({ kind: 'error', message: 'An unexpected error occurred. Please try again.' });
    }
  };

  const isBusy = status.kind === 'submitting' || status.kind === 'success';
  // Already signed in (another tab, or an email link that landed here): go on. Not while this form is mid-flow.
  if (!loading && session && !needsMfa && (status.kind === 'idle' || status.kind === 'error')) {
    return <Navigate to={target} replace />;
  }

  if (status.kind === 'mfa' || (session && needsMfa && !isBusy)) {
    return (
      <Suspense fallback={<Loader type="dots" />}>
        <MfaChallengeForm
          onVerified={async () => {
            await refreshAssurance(); // the guard must see aal2 before the redirect
            succeed();
          }}
          onCancel={() => {
            void signOut();
            setStatus({ kind: 'idle' });
          }}
        />
      </Suspense>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {signupMessage && status.kind === 'idle' && <FormStatus kind="info" message={signupMessage} />}
        <TextInput label="Email" type="email" autoComplete="email" placeholder="you@company.com" value={email} onChange={(e) => setEmail(e.currentTarget.value)} disabled={isBusy} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          disabled={isBusy}
        />
        {/* Spec 000 §2: the sign-in page links to /reset-password as well (set a new password from a recovery link). */}
        <Group justify="space-between" mt={-6}>
          <Anchor component={Link} to="/reset-password" size="sm" fw={500}>
            Reset Password
          </Anchor>
          <Anchor component={Link} to="/forgot-password" size="sm" fw={500}>
            Forgot Password?
          </Anchor>
        </Group>
        {status.kind === 'error' && <FormStatus kind="error" message={status.message} />}
        {status.kind === 'success' && <FormStatus kind="success" message="Login successful! Redirecting..." />}
        <SubmitButton busy={status.kind === 'submitting'} disabled={isBusy} label="Sign In" busyLabel="Signing in..." />
        <OtherFormLink prompt="New to Fieldbook?" to="/signup">
          Create Account
        </OtherFormLink>
      </Stack>
    </form>
  );
}
