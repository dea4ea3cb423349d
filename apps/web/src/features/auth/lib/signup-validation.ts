import { INVALID_US_PHONE_MESSAGE, normalizeUsPhone } from '@fieldbook/contract/rules';

export const MIN_PASSWORD_LENGTH = 6;

export const SIGNUP_MESSAGES = {
  required: 'Email, password, and phone number are required',
  mismatch: 'Passwords do not match',
  tooShort: 'Password must be at least 6 characters',
  phone: INVALID_US_PHONE_MESSAGE,
} as const;

export type SignupInput = { email: string; password: string; confirmPassword: string; phoneNumber: string; smsOptIn: boolean };

export type SignupPayload = {
  email: string;
  password: string;
  data: { phone_number: string; sms_opt_in: boolean; sms_opt_in_date: string | null };
};

export type SignupValidation = { ok: true; payload: SignupPayload } | { ok: false; error: string };

/** The sign-up rules in the specified order; the first failing rule's message is shown. */
export function validateSignup(input: SignupInput, now: Date = new Date()): SignupValidation {
  const email = input.email.trim();
  if (!email || !input.password || !input.phoneNumber.trim()) return { ok: false, error: SIGNUP_MESSAGES.required };
  if (input.password !== input.confirmPassword) return { ok: false, error: SIGNUP_MESSAGES.mismatch };
  if (input.password.length < MIN_PASSWORD_LENGTH) return { ok: false, error: SIGNUP_MESSAGES.tooShort };
  const phone = normalizeUsPhone(input.phoneNumber);
  if (!phone) return { ok: false, error: SIGNUP_MESSAGES.phone };
  return {
    ok: true,
    payload: {
      email,
      password: input.password,
      data: { phone_number: phone, sms_opt_in: input.smsOptIn, sms_opt_in_date: input.smsOptIn ? now.toISOString() : null },
    },
  };
}
