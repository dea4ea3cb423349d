import type { FastifyInstance } from 'fastify';
import { acceptEmptyJsonBodies as acceptEmptyBodies } from '../../platform/empty-json-body';
import { createRateLimiter } from '../../platform/rate-limit';
import type { Db } from '../../db/client';
import { overRequestRateLimit } from './auth.errors';

export type RateLimitGroup = 'token' | 'signup' | 'recover' | 'verify' | 'mfa';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** /auth/v1 routes counted together per client address (config.authRateLimit per minute). */
    authRateLimit?: RateLimitGroup;
  }
}

/** GoTrue reads an empty JSON body (auth-js sends them) as `{}`, and a POST/PUT without any body as `{}` too. */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  acceptEmptyBodies(app, { emptyAs: {} });
  // A POST/PUT without any body still validates as an empty object.
  app.addHook('preValidation', async (req) => {
    if ((req.method === 'POST' || req.method === 'PUT') && (req.body === undefined || req.body === null)) req.body = {};
  });
}

/**
 * Per-address limits on the endpoints attackers hammer (sign-in, sign-up, recovery, email links, MFA):
 * `limit` requests per minute per group, then GoTrue's 429 over_request_rate_limit. Counted before the
 * body is read, so malformed requests count too. The address is the connection's peer unless it is a trusted
 * proxy (TRUSTED_PROXIES, app.ts): a header a client sets never moves it to another counter.
 */
export function registerAuthRateLimits(app: FastifyInstance, deps: { db: Db; limit: number; now: () => Date }): void {
  const limiter = createRateLimiter({ db: deps.db, name: 'auth-ip', limit: deps.limit, windowMs: 60_000, now: deps.now });
  app.addHook('onRequest', async (req) => {
    const group = req.routeOptions.config?.authRateLimit;
    if (!group) return;
    const { allowed, retryAfterSeconds } = await limiter.hit(`${group}:${req.ip}`);
    if (!allowed) throw overRequestRateLimit(retryAfterSeconds);
  });
}
