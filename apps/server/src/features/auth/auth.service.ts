import { isEmailAddress } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oneTimeTokens } from './auth.schema';
import type { FeatureDeps } from '../../platform/deps';
import { hashToken } from '../../platform/tokens';
import { createRateLimiter } from '../../platform/rate-limit';
import { createUserAccount, syncProfileEmail } from './account.service';
import type { AuthContext } from './auth.context';
import { GoTrueError, invalidCredentials, otpExpired, overRequestRateLimit, validationFailed } from './auth.errors';
import {
  deleteOneTimeTokens,
  deleteSession,
  deleteUserSessions,
  findOneTimeToken,
  findUserByEmail,
  findUserById,
  latestOneTimeTokenAt,
  listFactors,
  recordWrongCode,
  updateUser,
  type OneTimeTokenType,
  type UserRow,
} from './auth.repository';
import { emailCodeHash, safeRedirect, sendEmailLink } from './email-links';
import { assertAcceptablePassword, burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { startSession, type ClientInfo, type TokenResponse } from './tokens.service';
import { obfuscatedUser, toGoTrueUser, USER_METADATA_MAX_BYTES, userMetadataBytes, type GoTrueUser } from './user-object';

export type AuthDeps = FeatureDeps & { log: (msg: string, err: unknown) => void };

/** One mail of a kind per user per minute (GoTrue's SMTP max frequency); extra requests are answered but not sent. */
const EMAIL_MIN_INTERVAL_MS = 60_000;

function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 255) throw validationFailed('An email address is too long');
  if (!isEmailAddress(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email;
}

/** user_metadata within USER_METADATA_MAX_BYTES, or a 400 saying so (nothing is stored). */
function assertMetadataFits(data: Record<string, unknown>): Record<string, unknown> {
  const bytes = userMetadataBytes(data);
  if (bytes > USER_METADATA_MAX_BYTES) {
    throw validationFailed(`User metadata is too large: ${bytes} bytes of JSON, at most ${USER_METADATA_MAX_BYTES} bytes (8 KB) are allowed`);
  }
  return data;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

async function recentlySent(db: Db, userId: string, type: OneTimeTokenType, now: Date): Promise<boolean> {
  const last = await latestOneTimeTokenAt(db, userId, type);
  return last !== null && now.getTime() - last.getTime() < EMAIL_MIN_INTERVAL_MS;
}

export type SignUpInput = { email?: string | null; phone?: string | null; password?: string | null; data?: Record<string, unknown> | null; redirectTo?: string };

/**
 * POST /signup. With confirmation on: a new user gets a confirmation link (outbox) and the answer is the
 * user without a session; an already confirmed email gets GoTrue's obfuscated user (no enumeration).
 * With AUTH_AUTOCONFIRM the answer is a session, and a taken email is user_already_exists.
 */
export async function signUp(deps: AuthDeps, input: SignUpInput, client: ClientInfo): Promise<TokenResponse | GoTrueUser> {
  const { config, db } = deps;
  if (!input.email) {
    if (input.phone) throw new GoTrueError(400, 'phone_provider_disabled', 'Phone signups are disabled');
    throw validationFailed('To signup, please provide your email');
  }
  const email = normalizeEmail(input.email);
  const password = assertAcceptablePassword(input.password, 'Signup requires a valid password');
  const data = assertMetadataFits(input.data ?? {});
  const now = deps.now();

  const existing = await findUserByEmail(db, email);
  if (existing) return signUpExisting(deps, existing, { password, data, redirectTo: input.redirectTo, now });

  const passwordHash = await hashPassword(password);
  let user: UserRow;
  try {
    user = await db.transaction(async (tx) => {
      const created = await createUserAccount(tx, {
        email,
        passwordHash,
        userMetadata: data,
        emailConfirmedAt: config.autoconfirm ? now : null,
        now,
        log: deps.log,
      });
      if (!config.autoconfirm) {
        const redirectTo = safeRedirect(config, input.redirectTo, 'confirmation');
        await sendEmailLink(tx, { config, user: created.user, type: 'confirmation', redirectTo, now });
      }
      return created.user;
    });
  } catch (err) {
    // Two sign-ups for one email at once: the loser is answered like a repeated sign-up.
    if (!isUniqueViolation(err)) throw err;
    const winner = await findUserByEmail(db, email);
    if (!winner) throw err;
    return signUpExisting(deps, winner, { password, data, redirectTo: input.redirectTo, now, skipHash: true });
  }
  if (config.autoconfirm) return startSession(deps, { userId: user.id, method: 'password', client });
  return { ...toGoTrueUser(user), confirmation_sent_at: now.toISOString() };
}

async function signUpExisting(
  deps: AuthDeps,
  user: UserRow,
  opts: { password: string; data: Record<string, unknown>; redirectTo: string | undefined; now: Date; skipHash?: boolean },
): Promise<GoTrueUser> {
  const { config, db } = deps;
  if (config.autoconfirm) throw new GoTrueError(422, 'user_already_exists', 'User already registered');
  // The new-user path pays for one argon2 hash; so does this one, so timing tells nothing either.
  if (!opts.skipHash) await hashPassword(opts.password);
  if (user.emailConfirmedAt) return obfuscatedUser(user.email, opts.data, opts.now);
  // Unconfirmed: send the link again (at most once a minute); the stored password is kept, as in GoTrue.
  if (!(await recentlySent(db, user.id, 'confirmation', opts.now))) {
    const redirectTo = safeRedirect(config, opts.redirectTo, 'confirmation');
    await db.transaction((tx) => sendEmailLink(tx, { config, user, type: 'confirmation', redirectTo, now: opts.now }));
  }
  return { ...toGoTrueUser(user), confirmation_sent_at: opts.now.toISOString() };
}

/** The window of the per-account limits (AUTH_ACCOUNT_RATE_LIMIT attempts in it). */
const ACCOUNT_WINDOW_MS = 15 * 60_000;

/**
 * Guesses per account, whatever address they come from: failed password sign-ins, emailed codes tried, TOTP codes.
 * Keyed by the email (or user id) as typed, so an unknown email is limited exactly like a known one (no enumeration).
 */
export function accountLimiter(deps: Pick<FeatureDeps, 'db' | 'config' | 'now'>) {
  return createRateLimiter({ db: deps.db, name: 'auth-account', limit: deps.config.authAccountRateLimit, windowMs: ACCOUNT_WINDOW_MS, now: deps.now });
}

/**
 * POST /token?grant_type=password: one answer for an unknown email and a wrong password. `knownDevice` is the device
 * id this browser proved it signed in to this email with before (known-device.ts), or null.
 */
export async function signInWithPassword(
  deps: AuthDeps,
  input: { email?: string | null; phone?: string | null; password?: string | null },
  client: ClientInfo,
  device: { knownDevice: (email: string) => string | null } = { knownDevice: () => null },
): Promise<TokenResponse> {
  if (!input.email) {
    if (input.phone) throw new GoTrueError(400, 'phone_provider_disabled', 'Phone logins are disabled');
    throw validationFailed('missing email or phone');
  }
  const password = input.password ?? '';
  const email = input.email.trim().toLowerCase();
  // Only failures count (a user signing in often is never locked out by their own successes); the check comes
  // before the password hash, so a locked account costs the server nothing either.
  const limiter = accountLimiter(deps);
  // ADR 0011: a device that signed in to this account before has a counter of its own, so failures from elsewhere
  // (someone locking the account on purpose) do not lock it out; its own failures are bounded the same way.
  const knownDevice = device.knownDevice(email);
  const limitKey = knownDevice ? `password:${email}:device:${knownDevice}` : `password:${email}`;
  const room = await limiter.check(limitKey);
  if (!room.allowed) throw overRequestRateLimit(room.retryAfterSeconds);
  const user = await findUserByEmail(deps.db, email);
  if (!user) {
    await burnPasswordCheck(password);
    await limiter.hit(limitKey);
    throw invalidCredentials();
  }
  if (!password || !(await verifyPassword(user.encryptedPassword, password))) {
    await limiter.hit(limitKey);
    throw invalidCredentials();
  }
  if (!user.emailConfirmedAt) throw new GoTrueError(400, 'email_not_confirmed', 'Email not confirmed');
  return startSession(deps, { userId: user.id, method: 'password', client });
}

export type LogoutScope = 'global' | 'local' | 'others';

/** POST /logout: local ends this session, others every other one, global all of the user's sessions. */
export async function logout(deps: AuthDeps, auth: AuthContext, scope: LogoutScope): Promise<void> {
  if (scope === 'local') await deleteSession(deps.db, auth.session.id);
  else if (scope === 'others') await deleteUserSessions(deps.db, auth.user.id, { exceptId: auth.session.id });
  else await deleteUserSessions(deps.db, auth.user.id);
}

export async function getUser(deps: AuthDeps, user: UserRow): Promise<GoTrueUser> {
  return toGoTrueUser(user, await listFactors(deps.db, user.id));
}

export type UpdateUserInput = { email?: string | null; password?: string | null; data?: Record<string, unknown> | null };

/**
 * PUT /user. `data` is merged into user_metadata (a null value removes the key, as in GoTrue). A new
 * password ends the user's other sessions; with a verified MFA factor, changing the password or email
 * needs an aal2 session (GoTrue). An email change applies at once only with AUTH_AUTOCONFIRM:
 * confirming a new address needs somewhere to keep it pending, which the schema does not have yet.
 */
export async function updateUserAttributes(deps: AuthDeps, auth: AuthContext, input: UpdateUserInput): Promise<GoTrueUser> {
  const { db, config } = deps;
  const changes: Parameters<typeof updateUser>[2] = {};
  let newPassword: string | null = null;
  let newEmail: string | null = null;

  const changesCredentials = input.password != null || (input.email != null && input.email.trim().toLowerCase() !== auth.user.email);
  if (changesCredentials && auth.session.aal !== 'aal2') {
    const factors = await listFactors(db, auth.user.id);
    if (factors.some((f) => f.status === 'verified')) {
      throw new GoTrueError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
    }
  }
  if (input.email != null && input.email.trim().toLowerCase() !== auth.user.email) {
    newEmail = normalizeEmail(input.email);
    if (!config.autoconfirm) {
      throw validationFailed('Changing the email address is not supported while email confirmation is on', 422);
    }
    if (await findUserByEmail(db, newEmail)) {
      throw new GoTrueError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    changes.email = newEmail;
  }
  if (input.password != null) {
    newPassword = assertAcceptablePassword(input.password, 'Password update requires a valid password');
    if (await verifyPassword(auth.user.encryptedPassword, newPassword)) {
      throw new GoTrueError(422, 'same_password', 'New password should be different from the old password.');
    }
    changes.encryptedPassword = await hashPassword(newPassword);
  }
  if (input.data) {
    const merged: Record<string, unknown> = { ...auth.user.userMetadata };
    for (const [key, value] of Object.entries(input.data)) {
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    changes.userMetadata = assertMetadataFits(merged);
  }
  if (Object.keys(changes).length === 0) return getUser(deps, auth.user);

  const user = await db.transaction(async (tx) => {
    const updated = await updateUser(tx, auth.user.id, changes);
    if (newPassword) {
      await deleteUserSessions(tx, auth.user.id, { exceptId: auth.session.id });
      await deleteOneTimeTokens(tx, auth.user.id, 'recovery');
    }
    if (newEmail) await syncProfileEmail(tx, auth.user.id, newEmail);
    return updated;
  });
  return getUser(deps, user);
}

/** POST /recover: the same `{}` whether or not the email has an account (no enumeration). */
export async function requestRecovery(deps: AuthDeps, input: { email?: string | null; redirectTo?: string }): Promise<Record<string, never>> {
  if (!input.email) throw validationFailed('Password recovery requires an email', 422);
  const email = normalizeEmail(input.email);
  const now = deps.now();
  const user = await findUserByEmail(deps.db, email);
  if (user && !(await recentlySent(deps.db, user.id, 'recovery', now))) {
    const redirectTo = safeRedirect(deps.config, input.redirectTo, 'recovery');
    await deps.db.transaction((tx) => sendEmailLink(tx, { config: deps.config, user, type: 'recovery', redirectTo, now }));
  }
  return {};
}

/** Wrong codes after which a pending emailed code is deleted: the real code then fails too, and a new mail is needed. */
export const MAX_CODE_ATTEMPTS = 5;

/** The verification types we send mail for, and the token kind each consumes (undefined: unsupported). */
export function verifyKind(type: string): OneTimeTokenType | undefined {
  if (type === 'signup' || type === 'email') return 'confirmation';
  if (type === 'recovery') return 'recovery';
  return undefined;
}

export type VerifiedSession = { tokens: TokenResponse; type: string; storedRedirect: string | null };

/**
 * Consumes a link token (`token_hash` / the link's `token`) or an emailed code (email + token): single use,
 * confirms the email, and starts a session. Anything unknown, expired or of another type is otp_expired.
 */
export async function verifyEmailToken(
  deps: AuthDeps,
  input: { type: string; tokenHash?: string | null; email?: string | null; code?: string | null },
  client: ClientInfo,
): Promise<VerifiedSession> {
  const expected = verifyKind(input.type);
  if (!expected) throw validationFailed('Unsupported verification type');
  let hash: string;
  let codeEmail: string | null = null;
  if (input.tokenHash) hash = hashToken(input.tokenHash);
  else if (input.email && input.code) {
    // A 6-digit code can be guessed where a 256-bit link token cannot: codes tried per email are limited whatever
    // address they come from, and each code dies after MAX_CODE_ATTEMPTS wrong ones (below).
    codeEmail = input.email.trim().toLowerCase();
    const { allowed, retryAfterSeconds } = await accountLimiter(deps).hit(`code:${codeEmail}`);
    if (!allowed) throw overRequestRateLimit(retryAfterSeconds);
    hash = emailCodeHash(codeEmail, input.code.trim());
  } else throw validationFailed('Verify requires a token or a token hash');

  const now = deps.now();
  const row = await findOneTimeToken(deps.db, hash);
  if (!row || row.tokenType !== expected || row.expiresAt.getTime() <= now.getTime()) {
    if (codeEmail) await recordWrongCode(deps.db, { email: codeEmail, tokenType: expected, maxAttempts: MAX_CODE_ATTEMPTS });
    throw otpExpired();
  }

  const user = await deps.db.transaction(async (tx) => {
    // Deleting by id decides a race between two uses of one link: only one gets the row back.
    const [claimed] = await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.id, row.id)).returning({ id: oneTimeTokens.id });
    if (!claimed) return null;
    await deleteOneTimeTokens(tx, row.userId, expected);
    const found = await findUserById(tx, row.userId);
    if (!found) return null;
    return found.emailConfirmedAt ? found : updateUser(tx, found.id, { emailConfirmedAt: now });
  });
  if (!user) throw otpExpired();
  const tokens = await startSession(deps, { userId: user.id, method: expected === 'recovery' ? 'recovery' : 'otp', client });
  return { tokens, type: input.type === 'email' ? 'signup' : input.type, storedRedirect: row.redirectTo };
}
