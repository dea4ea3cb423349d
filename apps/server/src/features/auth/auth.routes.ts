import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../../platform/deps';
import { authenticate, clientInfo } from './auth.context';
import { GoTrueError, registerGoTrueErrorHandling, validationFailed } from './auth.errors';
import {
  EmptyObjectSchema,
  GoTrueUserSchema,
  HealthResponseSchema,
  IdentityParamsSchema,
  LogoutQuerySchema,
  RecoverBodySchema,
  RedirectQuerySchema,
  SettingsResponseSchema,
  SignupBodySchema,
  SignupResponseSchema,
  TokenBodySchema,
  TokenQuerySchema,
  TokenResponseSchema,
  UpdateUserBodySchema,
  VerifyBodySchema,
  VerifyQuerySchema,
} from './auth.schemas';
import { acceptEmptyJsonBodies, registerAuthRateLimits } from './auth.scope';
import {
  getUser,
  logout,
  requestRecovery,
  signInWithPassword,
  signUp,
  updateUserAttributes,
  verifyEmailToken,
  verifyKind,
  type AuthDeps,
  type LogoutScope,
} from './auth.service';
import { safeRedirect } from './email-links';
import { mfaRoutes } from './mfa.routes';
import { refreshSession } from './tokens.service';
import { emailIdentityId } from './user-object';

const LOGOUT_SCOPES: readonly string[] = ['global', 'local', 'others'] satisfies LogoutScope[];

/**
 * The GoTrue-compatible auth API (design.md §5), registered at the root with prefix /auth/v1 so that the
 * unmodified @supabase/auth-js works against it. Its own scope: GoTrue's error shape and header, empty
 * JSON bodies accepted, per-address rate limits.
 */
export async function authRoutes(app: FastifyInstance, options: FeatureDeps): Promise<void> {
  const { config, db, signer, now } = options;
  const deps: AuthDeps = { config, db, signer, now, log: (msg, err) => app.log.error({ err }, msg) };
  registerGoTrueErrorHandling(app);
  acceptEmptyJsonBodies(app);
  registerAuthRateLimits(app, config.authRateLimit);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  api.get('/health', { schema: { tags, response: { 200: HealthResponseSchema } } }, async () => ({
    version: 'fieldbook',
    name: 'GoTrue',
    description: 'Fieldbook auth: a GoTrue-compatible subset',
  }));

  api.get('/settings', { schema: { tags, response: { 200: SettingsResponseSchema } } }, async () => ({
    external: { email: true, phone: false, anonymous_users: false, google: false },
    disable_signup: false,
    mailer_autoconfirm: config.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }));

  api.post(
    '/signup',
    { config: { authRateLimit: 'signup' }, schema: { tags, querystring: RedirectQuerySchema, body: SignupBodySchema, response: { 200: SignupResponseSchema } } },
    async (req) => signUp(deps, { ...req.body, redirectTo: req.query.redirect_to }, clientInfo(req)),
  );

  api.post(
    '/token',
    { config: { authRateLimit: 'token' }, schema: { tags, querystring: TokenQuerySchema, body: TokenBodySchema, response: { 200: TokenResponseSchema } } },
    async (req) => {
      const grantType = req.query.grant_type;
      if (grantType === 'password') return signInWithPassword(deps, req.body, clientInfo(req));
      if (grantType === 'refresh_token') {
        if (!req.body.refresh_token) throw validationFailed('refresh_token required');
        return refreshSession(deps, req.body.refresh_token, clientInfo(req));
      }
      throw validationFailed('unsupported_grant_type');
    },
  );

  api.post('/logout', { schema: { tags, querystring: LogoutQuerySchema } }, async (req, reply) => {
    const scope = req.query.scope ?? 'global';
    if (!LOGOUT_SCOPES.includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
    const auth = await authenticate(req, deps);
    await logout(deps, auth, scope as LogoutScope);
    return reply.status(204).send();
  });

  api.get('/user', { schema: { tags, response: { 200: GoTrueUserSchema } } }, async (req) => {
    const auth = await authenticate(req, deps);
    return getUser(deps, auth.user);
  });

  api.put('/user', { schema: { tags, body: UpdateUserBodySchema, response: { 200: GoTrueUserSchema } } }, async (req) => {
    const auth = await authenticate(req, deps);
    if (req.body.phone) throw new GoTrueError(422, 'phone_provider_disabled', 'Phone updates are disabled');
    return updateUserAttributes(deps, auth, req.body);
  });

  api.post(
    '/recover',
    { config: { authRateLimit: 'recover' }, schema: { tags, querystring: RedirectQuerySchema, body: RecoverBodySchema, response: { 200: EmptyObjectSchema } } },
    async (req) => requestRecovery(deps, { email: req.body.email, redirectTo: req.query.redirect_to }),
  );

  api.post(
    '/verify',
    { config: { authRateLimit: 'verify' }, schema: { tags, body: VerifyBodySchema, response: { 200: TokenResponseSchema } } },
    async (req) => {
      const { type, token_hash, token, email } = req.body;
      if (!type) throw validationFailed('Verify requires a verification type');
      const verified = await verifyEmailToken(deps, { type, tokenHash: token_hash, email, code: token }, clientInfo(req));
      return verified.tokens;
    },
  );

  // The link in the mail. Success and failure both redirect (303) with the outcome in the URL fragment,
  // where auth-js (detectSessionInUrl, implicit flow) reads it.
  api.get('/verify', { config: { authRateLimit: 'verify' }, schema: { tags, querystring: VerifyQuerySchema } }, async (req, reply) => {
    const type = req.query.type ?? '';
    const kind = verifyKind(type) ?? 'confirmation';
    const requested = req.query.redirect_to ? safeRedirect(config, req.query.redirect_to, kind) : null;
    try {
      if (!verifyKind(type)) throw validationFailed('Unsupported verification type');
      if (!req.query.token) throw validationFailed('Verify requires a token or a token hash');
      const { tokens, type: flowType, storedRedirect } = await verifyEmailToken(deps, { type, tokenHash: req.query.token }, clientInfo(req));
      const target = requested ?? safeRedirect(config, storedRedirect, kind);
      const fragment = new URLSearchParams({
        access_token: tokens.access_token,
        expires_at: String(tokens.expires_at),
        expires_in: String(tokens.expires_in),
        refresh_token: tokens.refresh_token,
        token_type: tokens.token_type,
        type: flowType,
      });
      return reply.redirect(`${target}#${fragment}`, 303);
    } catch (err) {
      if (!(err instanceof GoTrueError) || err.status === 429) throw err;
      const fragment = new URLSearchParams({
        error: err.code === 'otp_expired' ? 'access_denied' : 'invalid_request',
        error_code: err.code,
        error_description: err.code === 'otp_expired' ? 'Email link is invalid or has expired' : err.message,
      });
      return reply.redirect(`${requested ?? safeRedirect(config, null, kind)}#${fragment}`, 303);
    }
  });

  // No OAuth providers are configured: sign-in and identity linking answer GoTrue's errors.
  api.get('/authorize', { schema: { tags } }, async () => {
    throw validationFailed('Unsupported provider: provider is not enabled');
  });

  api.get('/user/identities/authorize', { schema: { tags } }, async (req) => {
    await authenticate(req, deps);
    throw new GoTrueError(404, 'manual_linking_disabled', 'Manual linking is disabled');
  });

  api.delete('/user/identities/:id', { schema: { tags, params: IdentityParamsSchema } }, async (req) => {
    const auth = await authenticate(req, deps);
    if (req.params.id === emailIdentityId(auth.user.id)) {
      throw new GoTrueError(422, 'single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
    }
    throw new GoTrueError(404, 'identity_not_found', "Identity doesn't exist");
  });

  mfaRoutes(app, deps);
}
