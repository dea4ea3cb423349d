import { describe, expect, it } from 'vitest';
import { validateInvitationSignUp } from './invitation-sign-up';

const ok = { fullName: 'Nia Newcomer', email: 'nia@example.com', password: 'long-enough-1', confirmPassword: 'long-enough-1' };

describe('validateInvitationSignUp', () => {
  it('names the first missing field with the spec message, then a password mismatch', () => {
    expect(validateInvitationSignUp({ ...ok, fullName: '  ' })).toBe('Name is required');
    expect(validateInvitationSignUp({ ...ok, email: '' })).toBe('Email is required');
    expect(validateInvitationSignUp({ ...ok, password: '', confirmPassword: '' })).toBe('Password is required');
    expect(validateInvitationSignUp({ ...ok, confirmPassword: 'other' })).toBe('Passwords do not match');
    expect(validateInvitationSignUp(ok)).toBeNull();
  });
});
