import { Checkbox, Stack, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
// The zod-free entry: the sign-up route stays within the login route's budget (design.md §11).
import { runtimeTimeZone } from '@fieldbook/contract/time-zone';
import { appUrl, auth } from '../../../lib/auth-client';
import { validateSignup } from '../lib/signup-validation';
import { PasswordField } from '../../../components/password-field';
import { OtherFormLink, SubmitButton } from './auth-form-parts';
import { FormStatus } from './form-status';

/** Spec 000 §9: the sign-in page follows 3 s after a successful sign-up. */
export const SIGNUP_REDIRECT_DELAY_MS = 3000;
export const SIGNUP_SUCCESS_MESSAGE = 'Account created successfully! Please check your email to verify your account.';
export const LOGIN_AFTER_SIGNUP_MESSAGE = 'Account created! Please check your email to verify, then log in.';

type Status = { kind: 'idle' } | { kind: 'creating' } | { kind: 'success' } | { kind: 'error'; message: string };

export function SignupForm() {
  const navigate = useNavigate();
  const [values, setValues] = useState({ email: '', password: '', confirmPassword: '', phoneNumber: '', smsOptIn: false });
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const isBusy = status.kind === 'creating' || status.kind === 'success';
  /** A text field's value, its change and its lock while the account is created. */
  const bind = (field: 'email' | 'password' | 'confirmPassword' | 'phoneNumber') => ({
    value: values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
    },
    disabled: isBusy,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateSignup(values);
    if (!checked.ok) {
      setStatus({ kind: 'error', message: checked.error });
      return;
    }
    setStatus({ kind: 'creating' });
    try {
      const { email, password, data } = checked.payload;
      // The new personal workspace starts in the browser's time zone (the server falls back to UTC without one).
      const { data: result, error } = await auth.signUp({ email, password, options: { data: { ...data, time_zone: runtimeTimeZone() }, emailRedirectTo: appUrl('/login') } });
      if (error || !result.user) {
        setStatus({ kind: 'error', message: error?.message || 'Failed to create account' });
        return;
      }
      setStatus({ kind: 'success' });
      timer.current = setTimeout(() => navigate('/login', { state: { message: LOGIN_AFTER_SIGNUP_MESSAGE } }), SIGNUP_REDIRECT_DELAY_MS);
    } catch {
      setStatus({ kind: 'error', message: 'An unexpected error occurred. Please try again.' });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Email" type="email" autoComplete="email" placeholder="you@company.com" {...bind('email')} />
        <PasswordField label="Password" autoComplete="new-password" placeholder="At least 6 characters" {...bind('password')} />
        <PasswordField label="Confirm Password" autoComplete="new-password" placeholder="Repeat your password" {...bind('confirmPassword')} />
        <TextInput label="Phone Number" type="tel" autoComplete="tel-national" placeholder="(555) 123-4567" description="US mobile number" {...bind('phoneNumber')} />
        <Checkbox
          checked={values.smsOptIn}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            setValues((v) => ({ ...v, smsOptIn: checked }));
          }}
          disabled={isBusy}
          label="Send me text messages about my jobs and tasks"
          description="By checking this box you agree to receive SMS messages from Fieldbook. Message and data rates may apply. Reply STOP to opt out at any time. Consent is required for carrier registration compliance."
        />
        {status.kind === 'error' && <FormStatus kind="error" message={status.message} />}
        {status.kind === 'success' && <FormStatus kind="success" message={SIGNUP_SUCCESS_MESSAGE} />}
        <SubmitButton busy={status.kind === 'creating'} disabled={isBusy} label="Create Account" busyLabel="Creating your account..." />
        <OtherFormLink prompt="Already have an account?" to="/login">
          Sign In
        </OtherFormLink>
      </Stack>
    </form>
  );
}
