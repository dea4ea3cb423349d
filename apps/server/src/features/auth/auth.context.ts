import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { bearerToken } from '../../platform/auth-guard';
import { sessionState, type SessionLimits } from '../../platform/session-limits';
import type { AccessClaims, TokenSigner } from '../../platform/tokens';
import { GoTrueError } from './auth.errors';
import { findSession, findUserById, type SessionRow, type UserRow } from './auth.repository';
import type { ClientInfo } from './tokens.service';

export type AuthContext = { user: UserRow; session: SessionRow; claims: AccessClaims };

// What route() hands an 'auth-session' endpoint's handler as `session` (the scope decorates `checkSession`).
declare module '../../platform/endpoint' {
  interface ScopeSession {
    value: AuthContext;
  }
}

/**
 * GoTrue's requireAuthentication: 401 no_authorization without a bearer token, 403 bad_jwt for a token
 * that fails verification, 403 user_not_found / session_not_found when its user or session is gone
 * (auth-js treats session_not_found as "already signed out").
 */
export async function authenticate(req: FastifyRequest, deps: { db: Db; signer: TokenSigner; config: SessionLimits; now: () => Date }): Promise<AuthContext> {
  const token = bearerToken(req);
  if (!token) throw new GoTrueError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const claims = await deps.signer.verify(token);
  if (!claims) throw new GoTrueError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, token is malformed, expired or signed with another key');
  const user = await findUserById(deps.db, claims.sub);
  if (!user) throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const session = claims.session_id ? await findSession(deps.db, claims.session_id) : undefined;
  if (!session || session.userId !== user.id) {
    throw new GoTrueError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  // Past its lifetime or inactivity timeout the session is over for its access tokens too (the /api guard agrees).
  if (sessionState(session, deps.config, deps.now()) !== 'active') throw new GoTrueError(403, 'session_expired', 'Session Expired');
  return { user, session, claims };
}

export function clientInfo(req: FastifyRequest): ClientInfo {
  const ua = req.headers['user-agent'];
  return { ip: req.ip || null, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null };
}
