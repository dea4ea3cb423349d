import { US_PHONE_SAMPLES } from '@fieldbook/contract/rules-samples';
import { describe, expect, it } from 'vitest';
import { SIGNUP_MESSAGES, validateSignup, type SignupInput } from './signup-validation';

const valid: SignupInput = { email: ' crew@example.com ', password: 'secret1', confirmPassword: 'secret1', phoneNumber: '(415) 555-2671', smsOptIn: false };
const now = new Date('2025-03-04T05:06:07.000Z');

describe('validateSignup', () => {
  it('requires email, password and phone number', () => {
    const missing: Partial<SignupInput>[] = [{ email: '  ' }, { password: '', confirmPassword: '' }, { phoneNumber: ' ' }];
    for (const change of missing) {
      expect(validateSignup({ ...valid, ...change }, now)).toEqual({ ok: false, error: SIGNUP_MESSAGES.required });
    }
    expect(SIGNUP_MESSAGES.required).toBe('Email, password, and phone number are required');
  });

  it('checks the confirmation before the length, then the phone', () => {
    expect(validateSignup({ ...valid, password: 'abc', confirmPassword: 'abd' }, now)).toEqual({ ok: false, error: 'Passwords do not match' });
    expect(validateSignup({ ...valid, password: 'abcde', confirmPassword: 'abcde' }, now)).toEqual({ ok: false, error: 'Password must be at least 6 characters' });
    expect(validateSignup({ ...valid, phoneNumber: '123-456-7890' }, now)).toEqual({ ok: false, error: 'Please enter a valid US phone number' });
  });

  it('builds the sign-up payload with the E.164 phone and no consent date without consent', () => {
    expect(validateSignup(valid, now)).toEqual({
      ok: true,
      payload: { email: 'crew@example.com', password: 'secret1', data: { phone_number: '+14155552671', sms_opt_in: false, sms_opt_in_date: null } },
    });
  });

  it('records the consent date when SMS is opted in', () => {
    const result = validateSignup({ ...valid, smsOptIn: true }, now);
    expect(result.ok && result.payload.data).toEqual({ phone_number: '+14155552671', sms_opt_in: true, sms_opt_in_date: '2025-03-04T05:06:07.000Z' });
  });

  it('accepts exactly six characters', () => {
    expect(validateSignup({ ...valid, password: '123456', confirmPassword: '123456' }, now).ok).toBe(true);
  });
});

// The contract's one US phone rule (rules.ts), zod-free so that /login stays within its budget: the sign-up form sends
// the number the server's sign-up stores (apps/server/src/features/contacts/phone-email-rules.test.ts, same samples).
describe('sign-up phone is the contract’s rule', () => {
  it('accepts and refuses the shared samples, sending the E.164 form', () => {
    for (const [phoneNumber, e164] of US_PHONE_SAMPLES) {
      const result = validateSignup({ ...valid, phoneNumber }, now);
      expect([phoneNumber, result]).toEqual([phoneNumber, e164 ? expect.objectContaining({ ok: true, payload: expect.objectContaining({ data: expect.objectContaining({ phone_number: e164 }) }) }) : { ok: false, error: SIGNUP_MESSAGES.phone }]);
    }
  });
});
