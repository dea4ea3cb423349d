import { authEndpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/endpoint';
import type { AuthDeps } from './auth.service';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './mfa.service';

/** TOTP multi-factor endpoints (auth-js `mfa.*`), in the /auth/v1 scope and its MFA rate limit. */
export function mfaRoutes(app: FastifyInstance, deps: AuthDeps): void {
  const options = { config: { authRateLimit: 'mfa' as const } };

  route(app, authEndpoints.enrollFactor, async ({ session, body }) => enrollFactor(deps, session, body), options);

  route(app, authEndpoints.challengeFactor, async ({ session, req, params }) => challengeFactor(deps, session, params.id, req.ip || null), options);

  route(app, authEndpoints.verifyFactor, async ({ session, req, params, body }) => verifyFactor(deps, session, params.id, body, req.ip || null), options);

  route(app, authEndpoints.unenrollFactor, async ({ session, params }) => unenrollFactor(deps, session, params.id), options);
}
