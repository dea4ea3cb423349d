import { INVALID_EMAIL_MESSAGE, isEmailAddress } from '@fieldbook/contract';
import type { Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { createUserAccount } from './account.service';
import { GoTrueError } from './auth.errors';
import { findUserByEmail, type UserRow } from './auth.repository';
import type { AuthDeps } from './auth.service';
import { safeRedirect, sendEmailLink } from './email-links';
import { assertAcceptablePassword, hashPassword } from './passwords';

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

const EMAIL_TAKEN = () =>
  new AppError('CONFLICT', 'An account with this email already exists. Sign in to accept the invitation.', [{ field: 'email', message: 'An account with this email already exists' }]);

/**
 * An account for another feature's flow (sign-up through a group invitation), in two steps so that it can be part of
 * that flow's transaction: `prepareFlowAccount` checks the email and password and pays for the password hash outside
 * any transaction (argon2 takes a while; no lock is held meanwhile), and the writer it returns creates the account
 * exactly as POST /signup does — profile, personal workspace, confirmation mail unless AUTH_AUTOCONFIRM — inside the
 * caller's transaction, so a failure after it (the invitation gone meanwhile) leaves no account behind.
 * Errors in the product API's terms: 409 when the email is taken (the invitee should sign in and accept), 400 naming
 * the field for an unacceptable email or password.
 */
export async function prepareFlowAccount(
  deps: AuthDeps,
  input: { email: string; password: string; data: Record<string, unknown> },
): Promise<(tx: Tx) => Promise<{ userId: string; confirmationRequired: boolean }>> {
  const email = input.email.trim().toLowerCase();
  if (email.length > 255 || !isEmailAddress(email)) throw new AppError('VALIDATION_ERROR', INVALID_EMAIL_MESSAGE, [{ field: 'email', message: INVALID_EMAIL_MESSAGE }]);
  let password: string;
  try {
    password = assertAcceptablePassword(input.password, 'Password is required');
  } catch (err) {
    if (err instanceof GoTrueError) throw new AppError('VALIDATION_ERROR', err.message, [{ field: 'password', message: err.message }]);
    throw err;
  }
  if (await findUserByEmail(deps.db, email)) throw EMAIL_TAKEN();
  const passwordHash = await hashPassword(password);

  return async (tx) => {
    const now = deps.now();
    let user: UserRow;
    try {
      // A savepoint: a concurrent sign-up with this email makes this insert fail, and the answer is the 409.
      ({ user } = await createUserAccount(tx, { email, passwordHash, userMetadata: input.data, emailConfirmedAt: deps.config.autoconfirm ? now : null, now, log: deps.log }));
    } catch (err) {
      if (isUniqueViolation(err)) throw EMAIL_TAKEN();
      throw err;
    }
    if (!deps.config.autoconfirm) {
      await sendEmailLink(tx, { config: deps.config, user, type: 'confirmation', redirectTo: safeRedirect(deps.config, undefined, 'confirmation'), now });
    }
    return { userId: user.id, confirmationRequired: !deps.config.autoconfirm };
  };
}
