import { and, eq, lt } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { authSessions, mfaFactors } from './auth.schema';
import type { AuthContext } from './auth.context';
import { GoTrueError, overRequestRateLimit, validationFailed } from './auth.errors';
import {
  deleteChallenge,
  deleteChallengesBefore,
  deleteFactor,
  deleteOtherUnverifiedFactors,
  deleteUserSessions,
  findChallenge,
  findFactor,
  findUserById,
  insertChallenge,
  insertFactor,
  listFactors,
  markChallengeVerified,
  updateFactor,
} from './auth.repository';
import { accountLimiter, type AuthDeps } from './auth.service';
import { buildTokenResponse, elevateSession, type TokenResponse } from './tokens.service';

const MAX_ENROLLED_FACTORS = 10;
/** GoTrue's defaults: challenges and never-verified factors expire after five minutes. */
const CHALLENGE_EXPIRY_MS = 300_000;
const UNVERIFIED_FACTOR_EXPIRY_MS = 300_000;
const PERIOD_SECONDS = 30;

const factorNotFound = () => new GoTrueError(404, 'mfa_factor_not_found', 'Factor not found');
const challengeNotFound = () => new GoTrueError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function totpFor(secretBase32: string, issuer: string, label: string): TOTP {
  return new TOTP({ issuer, label, secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS });
}

export type EnrollInput = { factor_type?: string | null; friendly_name?: string | null; issuer?: string | null };
export type EnrollResponse = { id: string; type: 'totp'; friendly_name: string; totp: { qr_code: string; secret: string; uri: string } };

/** POST /factors: a new unverified TOTP factor with its secret, otpauth URI and QR code (SVG text). */
export async function enrollFactor(deps: AuthDeps, auth: AuthContext, input: EnrollInput): Promise<EnrollResponse> {
  if (input.factor_type === 'phone') throw new GoTrueError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (input.factor_type === 'webauthn') throw new GoTrueError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  if (input.factor_type !== 'totp') throw validationFailed('factor_type needs to be totp, phone, or webauthn');
  const { db } = deps;
  const userId = auth.user.id;
  const friendlyName = input.friendly_name?.trim() ?? '';
  const issuer = input.issuer?.trim() || new URL(deps.config.publicUrl).host;

  await db
    .delete(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.status, 'unverified'), lt(mfaFactors.createdAt, new Date(deps.now().getTime() - UNVERIFIED_FACTOR_EXPIRY_MS))));
  const factors = await listFactors(db, userId);
  if (friendlyName && factors.some((f) => f.friendlyName === friendlyName)) {
    throw new GoTrueError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
  }
  if (factors.length >= MAX_ENROLLED_FACTORS) {
    throw new GoTrueError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
  }
  if (factors.some((f) => f.status === 'verified') && auth.session.aal !== 'aal2') {
    throw new GoTrueError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
  }

  const secret = new Secret({ size: 20 }).base32;
  const totp = totpFor(secret, issuer, auth.user.email);
  const uri = totp.toString();
  const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  const factor = await insertFactor(db, { userId, friendlyName: friendlyName || null, factorType: 'totp', status: 'unverified', secret, issuer });
  return { id: factor.id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCode, secret, uri } };
}

/** POST /factors/:id/challenge. */
export async function challengeFactor(deps: AuthDeps, auth: AuthContext, factorId: string, ip: string | null) {
  const factor = UUID_RE.test(factorId) ? await findFactor(deps.db, auth.user.id, factorId) : undefined;
  if (!factor) throw factorNotFound();
  await deleteChallengesBefore(deps.db, factor.id, new Date(deps.now().getTime() - CHALLENGE_EXPIRY_MS));
  const challenge = await insertChallenge(deps.db, { factorId: factor.id, ip });
  return { id: challenge.id, type: 'totp' as const, expires_at: Math.floor((challenge.createdAt.getTime() + CHALLENGE_EXPIRY_MS) / 1000) };
}

/**
 * POST /factors/:id/verify. A valid code (±1 step) for a fresh challenge from the same address verifies
 * the factor and raises this session to aal2 (amr gains totp) with new tokens. As in GoTrue, the
 * user's other aal1 sessions end and other unverified factors are dropped. A code's time step is
 * accepted once (replay protection through mfa_factors.last_used_step).
 */
export async function verifyFactor(
  deps: AuthDeps,
  auth: AuthContext,
  factorId: string,
  input: { challenge_id?: string | null; code?: string | null },
  ip: string | null,
): Promise<TokenResponse> {
  const factor = UUID_RE.test(factorId) ? await findFactor(deps.db, auth.user.id, factorId) : undefined;
  if (!factor) throw factorNotFound();
  const code = input.code?.trim();
  if (!code) throw validationFailed('Code needs to be non-empty');
  if (!input.challenge_id || !UUID_RE.test(input.challenge_id)) throw challengeNotFound();
  const challengeId = input.challenge_id;
  const now = deps.now();
  // Wrong TOTP codes per account, whatever address they come from (a 6-digit code is guessable).
  const limiter = accountLimiter(deps);
  const limitKey = `totp:${auth.user.id}`;
  const room = await limiter.check(limitKey);
  if (!room.allowed) throw overRequestRateLimit(room.retryAfterSeconds);

  const outcome = await deps.db.transaction(async (tx) => {
    const challenge = await findChallenge(tx, factor.id, challengeId);
    if (!challenge) return { error: challengeNotFound() };
    if (challenge.verifiedAt || challenge.ip !== ip) {
      return { error: new GoTrueError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.') };
    }
    if (now.getTime() - challenge.createdAt.getTime() > CHALLENGE_EXPIRY_MS) {
      await deleteChallenge(tx, challenge.id);
      return {
        error: new GoTrueError(
          422,
          'mfa_challenge_expired',
          `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
        ),
      };
    }
    const delta = totpFor(factor.secret, factor.issuer ?? '', auth.user.email).validate({ token: code, timestamp: now.getTime(), window: 1 });
    const stepStart = delta === null ? null : (Math.floor(now.getTime() / (PERIOD_SECONDS * 1000)) + delta) * PERIOD_SECONDS * 1000;
    if (stepStart === null || (factor.lastUsedStep && stepStart <= factor.lastUsedStep.getTime())) {
      return { error: new GoTrueError(422, 'mfa_verification_failed', 'Invalid TOTP code entered') };
    }
    await markChallengeVerified(tx, challenge.id, now);
    await updateFactor(tx, factor.id, { status: 'verified', lastUsedStep: new Date(stepStart) });
    const user = await findUserById(tx, auth.user.id);
    if (!user) return { error: new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist') };
    const elevated = await elevateSession(deps, { user, sessionId: auth.session.id, factorId: factor.id, method: 'totp' }, tx);
    await deleteUserSessions(tx, user.id, { exceptId: auth.session.id, onlyAal1: true });
    await deleteOtherUnverifiedFactors(tx, user.id, factor.id);
    return { user, ...elevated };
  });
  if ('error' in outcome) {
    if (outcome.error?.code === 'mfa_verification_failed') await limiter.hit(limitKey);
    throw outcome.error;
  }
  return buildTokenResponse(deps, outcome.user, outcome.session, outcome.refreshToken);
}

/** DELETE /factors/:id: a verified factor only from an aal2 session; sessions it raised fall back to aal1. */
export async function unenrollFactor(deps: AuthDeps, auth: AuthContext, factorId: string): Promise<{ id: string }> {
  const factor = UUID_RE.test(factorId) ? await findFactor(deps.db, auth.user.id, factorId) : undefined;
  if (!factor) throw factorNotFound();
  if (factor.status === 'verified' && auth.session.aal !== 'aal2') {
    throw new GoTrueError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await deps.db.transaction(async (tx) => {
    await deleteFactor(tx, factor.id);
    await tx.update(authSessions).set({ aal: 'aal1', factorId: null }).where(eq(authSessions.factorId, factor.id));
  });
  return { id: factor.id };
}
