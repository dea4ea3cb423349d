import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate } from './auth.context';
import {
  ChallengeResponseSchema,
  EnrollBodySchema,
  EnrollResponseSchema,
  FactorParamsSchema,
  TokenResponseSchema,
  UnenrollResponseSchema,
  VerifyFactorBodySchema,
} from './auth.schemas';
import type { AuthDeps } from './auth.service';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './mfa.service';

/** TOTP multi-factor endpoints (auth-js `mfa.*`), in the /auth/v1 scope and its MFA rate limit. */
export function mfaRoutes(instance: FastifyInstance, deps: AuthDeps): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth', 'mfa'];
  const config = { authRateLimit: 'mfa' as const };

  app.post('/factors', { config, schema: { tags, body: EnrollBodySchema, response: { 200: EnrollResponseSchema } } }, async (req) => {
    const auth = await authenticate(req, deps);
    return enrollFactor(deps, auth, req.body);
  });

  app.post(
    '/factors/:id/challenge',
    { config, schema: { tags, params: FactorParamsSchema, response: { 200: ChallengeResponseSchema } } },
    async (req) => {
      const auth = await authenticate(req, deps);
      return challengeFactor(deps, auth, req.params.id, req.ip || null);
    },
  );

  app.post(
    '/factors/:id/verify',
    { config, schema: { tags, params: FactorParamsSchema, body: VerifyFactorBodySchema, response: { 200: TokenResponseSchema } } },
    async (req) => {
      const auth = await authenticate(req, deps);
      return verifyFactor(deps, auth, req.params.id, req.body, req.ip || null);
    },
  );

  app.delete('/factors/:id', { config, schema: { tags, params: FactorParamsSchema, response: { 200: UnenrollResponseSchema } } }, async (req) => {
    const auth = await authenticate(req, deps);
    return unenrollFactor(deps, auth, req.params.id);
  });
}
