import type { FastifyInstance } from 'fastify';
import { createRateLimiter } from '../../platform/rate-limit';
import { GoTrueError } from './auth.errors';

export type RateLimitGroup = 'token' | 'signup' | 'recover' | 'verify' | 'mfa';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** /auth/v1 routes counted together per client address (config.authRateLimit per minute). */
    authRateLimit?: RateLimitGroup;
  }
}

/**
 * auth-js sends `Content-Type: application/json` with an empty body (POST /logout, DELETE /factors/:id);
 * GoTrue reads that as `{}`, Fastify's default parser as an error. Inside the /auth/v1 scope only, an
 * empty JSON body is `{}`; anything else goes through Fastify's own parser (prototype-poisoning checks included).
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const defaultParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    return defaultParser(req, text, done);
  });
  // A POST/PUT without any body still validates as an empty object.
  app.addHook('preValidation', async (req) => {
    if ((req.method === 'POST' || req.method === 'PUT') && (req.body === undefined || req.body === null)) req.body = {};
  });
}

/**
 * Per-address limits on the endpoints attackers hammer (sign-in, sign-up, recovery, email links, MFA):
 * `limit` requests per minute per group, then GoTrue's 429 over_request_rate_limit. Counted before the
 * body is read, so malformed requests count too.
 */
export function registerAuthRateLimits(app: FastifyInstance, limit: number): void {
  const limiter = createRateLimiter({ limit, windowMs: 60_000 });
  app.addHook('onRequest', async (req) => {
    const group = req.routeOptions.config?.authRateLimit;
    if (!group) return;
    const { allowed, retryAfterSeconds } = limiter.hit(`${group}:${req.ip}`);
    if (!allowed) throw new GoTrueError(429, 'over_request_rate_limit', 'Request rate limit reached', { retryAfterSeconds });
  });
}
