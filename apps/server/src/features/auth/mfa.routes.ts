import { authEndpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/endpoint';
import { authenticate } from './auth.context';
import type { AuthDeps } from './auth.service';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './mfa.service';

/** TOTP multi-factor endpoints (auth-js `mfa.*`), in the /auth/v1 scope and its MFA rate limit. */
export function mfaRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const options = { config: { authRateLimit: 'mfa' as const } };

  route(app, authEndpoints.enrollFactor, async ({ req, body }) => enrollFactor(deps, await authenticate(req, deps), body), options);

  route(app, authEndpoints.challengeFactor, async ({ req, params }) => challengeFactor(deps, await authenticate(req, deps), params.id, req.ip || null), options);

  route(app, authEndpoints.verifyFactor, async ({ req, params, body }) => verifyFactor(deps, await authenticate(req, deps), params.id, body, req.ip || null), options);

  route(app, authEndpoints.unenrollFactor, async ({ req, params }) => unenrollFactor(deps, await authenticate(req, deps), params.id), options);
}
