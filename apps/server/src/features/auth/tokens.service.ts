import type { Db } from '../../db/client';
import type { AmrEntry } from './auth.schema';
import { sessionCutoffs, sessionState, type SessionLimits } from '../../platform/session-limits';
import { ACCESS_TOKEN_TTL_SECONDS, hashToken, newOpaqueToken, type TokenSigner } from '../../platform/tokens';
import { GoTrueError } from './auth.errors';
import {
  deleteEndedSessions,
  deleteSession,
  findRefreshTokenForUpdate,
  findSession,
  findUserById,
  insertRefreshToken,
  insertSession,
  listFactors,
  revokeRefreshToken,
  updateSession,
  updateUser,
  type SessionRow,
  type UserRow,
} from './auth.repository';
import { EMAIL_APP_METADATA, toGoTrueUser, userMetadataClaim, type GoTrueUser } from './user-object';

/** GoTrue's AccessTokenResponse. */
export type TokenResponse = {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: GoTrueUser;
};

/** GoTrue's reuse interval: a rotated refresh token may be presented again this long (lost responses, tab races). */
export const REFRESH_TOKEN_REUSE_INTERVAL_MS = 10_000;

type TokenDeps = { db: Db; signer: TokenSigner; now: () => Date };
type SessionDeps = TokenDeps & { config: SessionLimits };
export type ClientInfo = { ip: string | null; userAgent: string | null };

/** Signs the access JWT (design.md §5 claims) for a live session row. */
export async function signAccessToken(signer: TokenSigner, user: UserRow, session: SessionRow, now: Date) {
  return signer.sign(
    {
      sub: user.id,
      email: user.email,
      phone: user.phone ?? '',
      session_id: session.id,
      aal: session.aal,
      amr: session.amr,
      app_metadata: { ...user.appMetadata, ...EMAIL_APP_METADATA },
      user_metadata: userMetadataClaim(user.userMetadata),
      is_anonymous: false,
    },
    now,
  );
}

export async function buildTokenResponse(deps: TokenDeps, user: UserRow, session: SessionRow, refreshToken: string): Promise<TokenResponse> {
  const { token, expiresAt } = await signAccessToken(deps.signer, user, session, deps.now());
  const factors = await listFactors(deps.db, user.id);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: toGoTrueUser(user, factors),
  };
}

/** A new login session: session row + first refresh token; records the sign-in time. */
export async function startSession(
  deps: SessionDeps,
  opts: { userId: string; method: string; client: ClientInfo },
): Promise<TokenResponse> {
  const now = deps.now();
  const { user, session, refreshToken } = await deps.db.transaction(async (tx) => {
    // The user's sessions past their lifetime or inactivity timeout can never be used again: dropped here, where
    // the user's sessions are at hand, so abandoned ones do not pile up.
    await deleteEndedSessions(tx, opts.userId, sessionCutoffs(deps.config, now));
    const session = await insertSession(tx, {
      userId: opts.userId,
      aal: 'aal1',
      amr: [{ method: opts.method, timestamp: Math.floor(now.getTime() / 1000) }],
      ip: opts.client.ip,
      userAgent: opts.client.userAgent,
      createdAt: now,
      refreshedAt: now,
    });
    const refreshToken = newOpaqueToken();
    await insertRefreshToken(tx, { sessionId: session.id, tokenHash: hashToken(refreshToken), parentHash: null });
    const user = await updateUser(tx, opts.userId, { lastSignInAt: now });
    return { user, session, refreshToken };
  });
  return buildTokenResponse(deps, user, session, refreshToken);
}

const notFound = () => new GoTrueError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
const alreadyUsed = () => new GoTrueError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
// GoTrue's answers for a session past its timebox or inactivity timeout.
const sessionExpired = (state: 'expired' | 'timed_out') =>
  new GoTrueError(403, 'session_expired', state === 'timed_out' ? 'Invalid Refresh Token: Session Expired (Inactivity)' : 'Invalid Refresh Token: Session Expired');

/**
 * The refresh_token grant. Every use rotates: the presented token is revoked and a child issued.
 * A revoked token presented again within REFRESH_TOKEN_REUSE_INTERVAL_MS of its revocation gets a new
 * child too (GoTrue hands back the active child there; we keep only hashes and cannot, so the client
 * gets a sibling that is just as valid). Later reuse means the token leaked: the whole session (the
 * token family) is deleted, which also kills its access tokens at the product API.
 */
export async function refreshSession(deps: SessionDeps, presented: string, client: ClientInfo): Promise<TokenResponse> {
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await findRefreshTokenForUpdate(tx, hashToken(presented));
    if (!row) return { error: notFound() };
    const current = await findSession(tx, row.sessionId);
    if (!current) return { error: notFound() };
    const state = sessionState(current, deps.config, now);
    if (state !== 'active') {
      // Committed on purpose: an ended session never comes back, and its access tokens stop working at once.
      await deleteSession(tx, current.id);
      return { error: sessionExpired(state) };
    }
    if (row.revoked) {
      const revokedAt = row.revokedAt?.getTime() ?? 0;
      if (now.getTime() - revokedAt > REFRESH_TOKEN_REUSE_INTERVAL_MS) {
        await deleteSession(tx, row.sessionId);
        // Committed on purpose: the revocation must survive the error answer.
        return { error: alreadyUsed() };
      }
    } else {
      await revokeRefreshToken(tx, row.id, now);
    }
    const child = newOpaqueToken();
    await insertRefreshToken(tx, { sessionId: row.sessionId, tokenHash: hashToken(child), parentHash: row.tokenHash });
    const session = await updateSession(tx, row.sessionId, { ip: client.ip, userAgent: client.userAgent, refreshedAt: now });
    if (!session) return { error: notFound() };
    const user = await findUserById(tx, session.userId);
    if (!user) return { error: notFound() };
    return { user, session, child };
  });
  if ('error' in outcome) throw outcome.error;
  return buildTokenResponse(deps, outcome.user, outcome.session, outcome.child);
}

/**
 * Raises the session to aal2 after a verified second factor and issues fresh tokens for it
 * (GoTrue's updateMFASessionAndClaims): the old refresh tokens of the session stay valid.
 */
export async function elevateSession(
  deps: TokenDeps,
  opts: { user: UserRow; sessionId: string; factorId: string; method: string },
  db: Db = deps.db,
): Promise<{ session: SessionRow; refreshToken: string }> {
  const current = await findSession(db, opts.sessionId);
  if (!current) throw new GoTrueError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  const entry: AmrEntry = { method: opts.method, timestamp: Math.floor(deps.now().getTime() / 1000) };
  // Newest method first, one entry per method (GoTrue's AMR claim).
  const amr = [entry, ...current.amr.filter((a) => a.method !== opts.method)];
  const session = await updateSession(db, current.id, { aal: 'aal2', amr, factorId: opts.factorId });
  const refreshToken = newOpaqueToken();
  await insertRefreshToken(db, { sessionId: current.id, tokenHash: hashToken(refreshToken), parentHash: null });
  return { session: session!, refreshToken };
}
