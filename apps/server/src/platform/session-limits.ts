import type { Config } from '../config';

/**
 * How long a login session lives (GoTrue's sessions timebox and inactivity timeout): at most `maxLifetimeSeconds`
 * after sign-in, and at most `inactivityTimeoutSeconds` after its last refresh (an active client refreshes its
 * access token every hour). 0 turns a limit off. Enforced where a refresh token is used (tokens.service.ts) and
 * wherever an access token is (the /api guard, the /auth/v1 endpoints), so a stolen refresh token no longer works
 * forever.
 */
export type SessionLimits = Pick<Config, 'sessionMaxLifetimeSeconds' | 'sessionInactivityTimeoutSeconds'>;

export type SessionState = 'active' | 'expired' | 'timed_out';

/** `expired`: past the maximum lifetime; `timed_out`: not refreshed within the inactivity timeout. */
export function sessionState(session: { createdAt: Date; refreshedAt: Date | null }, limits: SessionLimits, now: Date): SessionState {
  const { createdAfter, activeAfter } = sessionCutoffs(limits, now);
  if (session.createdAt.getTime() <= createdAfter.getTime()) return 'expired';
  if ((session.refreshedAt ?? session.createdAt).getTime() <= activeAfter.getTime()) return 'timed_out';
  return 'active';
}

/** A live session was created after `createdAfter` and last refreshed after `activeAfter` (the epoch when a limit is off). */
export function sessionCutoffs(limits: SessionLimits, now: Date): { createdAfter: Date; activeAfter: Date } {
  const before = (seconds: number) => new Date(seconds > 0 ? now.getTime() - seconds * 1000 : 0);
  return { createdAfter: before(limits.sessionMaxLifetimeSeconds), activeAfter: before(limits.sessionInactivityTimeoutSeconds) };
}
