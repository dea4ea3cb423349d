import { EMAIL_SAMPLES } from '@fieldbook/contract/rules-samples';
import { describe, expect, it } from 'vitest';
import { validateInvitationSignUp } from './invitation-sign-up';

const ok = { fullName: 'Nia Newcomer', email: 'nia@example.com', password: 'long-enough-1', confirmPassword: 'long-enough-1' };
const code = '123456';

describe('validateInvitationSignUp', () => {
  it('names the first missing field with the spec message, then a password mismatch, then the code', () => {
    expect(validateInvitationSignUp({ ...ok, fullName: '  ' }, code)).toBe('Name is required');
    expect(validateInvitationSignUp({ ...ok, email: '' }, code)).toBe('Email is required');
    expect(validateInvitationSignUp({ ...ok, password: '', confirmPassword: '' }, code)).toBe('Password is required');
    expect(validateInvitationSignUp({ ...ok, confirmPassword: 'other' }, code)).toBe('Passwords do not match');
    expect(validateInvitationSignUp(ok, '')).toBe('Enter the code we texted to the invited phone');
    expect(validateInvitationSignUp(ok, code)).toBeNull();
  });

  // The contract's InvitationSignUpBodySchema, so the contract's email rule: the same samples the server refuses.
  it('refuses exactly the email samples the server refuses', () => {
    for (const [email, valid] of EMAIL_SAMPLES) {
      expect([email, validateInvitationSignUp({ ...ok, email }, code)]).toEqual([email, valid ? null : 'Please enter a valid email address']);
    }
  });
});
