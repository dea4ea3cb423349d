import { authEndpoints } from '@fieldbook/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { authenticate, clientInfo } from './auth.context';
import { GoTrueError, registerGoTrueErrorHandling, validationFailed } from './auth.errors';
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
import { knownDeviceFor, rememberDevice } from './known-device';
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
  const { config, db, signer, now, blobs } = options;
  const deps: AuthDeps = { config, db, signer, now, blobs, log: (msg, err) => app.log.error({ err }, msg) };
  registerGoTrueErrorHandling(app);
  acceptEmptyJsonBodies(app);
  registerAuthRateLimits(app, { db, limit: config.authRateLimit, now });
  // The scope's own sign-in check for its 'auth-session' endpoints (route() runs it before the handler): GoTrue's
  // errors, and the user and session rows its handlers need.
  app.decorate('checkSession', (req: FastifyRequest) => authenticate(req, deps));
  route(app, authEndpoints.health, async () => ({ version: 'fieldbook', name: 'GoTrue', description: 'Fieldbook auth: a GoTrue-compatible subset' }));

  route(app, authEndpoints.settings, async () => ({
    external: { email: true, phone: false, anonymous_users: false, google: false },
    disable_signup: false,
    mailer_autoconfirm: config.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }));

  route(app, authEndpoints.signup, async ({ req, query, body }) => signUp(deps, { ...body, redirectTo: query.redirect_to }, clientInfo(req)), {
    config: { authRateLimit: 'signup' },
  });

  route(
    app,
    authEndpoints.token,
    async ({ req, reply, query, body }) => {
      if (query.grant_type === 'password') {
        // ADR 0011: the known-device cookie exempts this browser from the lock that others' failures put on the
        // account; a successful sign-in (re)writes it.
        const cookieHeader = req.headers.cookie;
        const tokens = await signInWithPassword(deps, body, clientInfo(req), { knownDevice: (email) => knownDeviceFor(signer, cookieHeader, email, now()) });
        const email = (body.email ?? '').trim().toLowerCase();
        const secure = req.protocol === 'https' || config.publicUrl.startsWith('https:');
        reply.header('set-cookie', rememberDevice(signer, { cookieHeader, email, now: now(), secure }));
        return tokens;
      }
      if (query.grant_type === 'refresh_token') {
        if (!body.refresh_token) throw validationFailed('refresh_token required');
        return refreshSession(deps, body.refresh_token, clientInfo(req));
      }
      throw validationFailed('unsupported_grant_type');
    },
    { config: { authRateLimit: 'token' } },
  );

  route(app, authEndpoints.logout, async ({ session, reply, query }) => {
    const scope = query.scope ?? 'global';
    if (!LOGOUT_SCOPES.includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
    await logout(deps, session, scope as LogoutScope);
    return reply.status(204).send();
  });

  route(app, authEndpoints.getUser, async ({ session }) => getUser(deps, session.user));

  route(app, authEndpoints.updateUser, async ({ session, body }) => {
    if (body.phone) throw new GoTrueError(422, 'phone_provider_disabled', 'Phone updates are disabled');
    return updateUserAttributes(deps, session, body);
  });

  route(app, authEndpoints.recover, async ({ query, body }) => requestRecovery(deps, { email: body.email, redirectTo: query.redirect_to }), {
    config: { authRateLimit: 'recover' },
  });

  route(
    app,
    authEndpoints.verify,
    async ({ req, body }) => {
      const { type, token_hash, token, email } = body;
      if (!type) throw validationFailed('Verify requires a verification type');
      const verified = await verifyEmailToken(deps, { type, tokenHash: token_hash, email, code: token }, clientInfo(req));
      return verified.tokens;
    },
    { config: { authRateLimit: 'verify' } },
  );

  // The link in the mail. Success and failure both redirect (303) with the outcome in the URL fragment,
  // where auth-js (detectSessionInUrl, implicit flow) reads it.
  route(
    app,
    authEndpoints.verifyLink,
    async ({ req, reply, query }) => {
      const type = query.type ?? '';
      const kind = verifyKind(type) ?? 'confirmation';
      const requested = query.redirect_to ? safeRedirect(config, query.redirect_to, kind) : null;
      try {
        if (!verifyKind(type)) throw validationFailed('Unsupported verification type');
        if (!query.token) throw validationFailed('Verify requires a token or a token hash');
        const { tokens, type: flowType, storedRedirect } = await verifyEmailToken(deps, { type, tokenHash: query.token }, clientInfo(req));
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
    },
    { config: { authRateLimit: 'verify' } },
  );

  // No OAuth providers are configured: sign-in and identity linking answer GoTrue's errors.
  route(app, authEndpoints.authorize, async () => {
    throw validationFailed('Unsupported provider: provider is not enabled');
  });

  // Signed in ('auth-session') or not, there is nothing to link: the session check runs first, then GoTrue's answer.
  route(app, authEndpoints.identitiesAuthorize, async () => {
    throw new GoTrueError(404, 'manual_linking_disabled', 'Manual linking is disabled');
  });

  route(app, authEndpoints.deleteIdentity, async ({ session, params }) => {
    if (params.id === emailIdentityId(session.user.id)) {
      throw new GoTrueError(422, 'single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
    }
    throw new GoTrueError(404, 'identity_not_found', "Identity doesn't exist");
  });

  mfaRoutes(app, deps);
}
