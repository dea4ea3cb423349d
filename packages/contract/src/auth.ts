import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * GoTrue's request and response shapes at /auth/v1 (design.md §5). The web never calls these endpoints itself —
 * the unmodified @supabase/auth-js does, with its own paths — so authEndpoints is what the server registers and
 * what a native client would read. Requests are loose objects: auth-js adds fields we ignore
 * (gotrue_meta_security, code_challenge: null, channel, factorId, …).
 */

const str = z.string().nullish();
const metadata = z.record(z.string(), z.unknown()).nullish();

export const RedirectQuerySchema = z.object({ redirect_to: z.string().optional() }).loose();

export const SignupBodySchema = z.object({ email: str, phone: str, password: str, data: metadata }).loose();

export const TokenQuerySchema = z.object({ grant_type: z.string().optional() }).loose();
export const TokenBodySchema = z.object({ email: str, phone: str, password: str, refresh_token: str }).loose();

export const LogoutQuerySchema = z.object({ scope: z.string().optional() }).loose();

export const UpdateUserBodySchema = z.object({ email: str, phone: str, password: str, data: metadata, nonce: str }).loose();

export const RecoverBodySchema = z.object({ email: str }).loose();

export const VerifyBodySchema = z.object({ type: str, token_hash: str, token: str, email: str, phone: str, redirect_to: str }).loose();
export const VerifyQuerySchema = z.object({ token: z.string().optional(), type: z.string().optional(), redirect_to: z.string().optional() }).loose();

export const EnrollBodySchema = z.object({ factor_type: str, friendly_name: str, issuer: str, phone: str }).loose();
export const VerifyFactorBodySchema = z.object({ challenge_id: str, code: str }).loose();
/** Not z.uuid(): a malformed id is GoTrue's 404 mfa_factor_not_found, decided in the service. */
export const FactorParamsSchema = z.object({ id: z.string() });
export const IdentityParamsSchema = z.object({ id: z.string() });

// Responses ----------------------------------------------------------------------------------------

const iso = z.string();

export const GoTrueIdentitySchema = z.object({
  identity_id: z.string(),
  id: z.string(),
  user_id: z.string(),
  identity_data: z.record(z.string(), z.unknown()),
  provider: z.literal('email'),
  last_sign_in_at: iso.optional(),
  created_at: iso,
  updated_at: iso,
  email: z.string(),
});

export const GoTrueFactorSchema = z.object({
  id: z.string(),
  friendly_name: z.string().optional(),
  factor_type: z.literal('totp'),
  status: z.enum(['verified', 'unverified']),
  created_at: iso,
  updated_at: iso,
});

export const GoTrueUserSchema = z.object({
  id: z.string(),
  aud: z.literal('authenticated'),
  role: z.literal('authenticated'),
  email: z.string(),
  email_confirmed_at: iso.optional(),
  phone: z.string(),
  confirmed_at: iso.optional(),
  confirmation_sent_at: iso.optional(),
  last_sign_in_at: iso.optional(),
  app_metadata: z.record(z.string(), z.unknown()),
  user_metadata: z.record(z.string(), z.unknown()),
  identities: z.array(GoTrueIdentitySchema),
  factors: z.array(GoTrueFactorSchema).optional(),
  created_at: iso,
  updated_at: iso,
  is_anonymous: z.boolean(),
});

export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  expires_at: z.number().int(),
  refresh_token: z.string(),
  user: GoTrueUserSchema,
});

/** With confirmation on, sign-up answers the user; with autoconfirm, a session. */
export const SignupResponseSchema = z.union([TokenResponseSchema, GoTrueUserSchema]);

export const EmptyObjectSchema = z.object({});

export const EnrollResponseSchema = z.object({
  id: z.string(),
  type: z.literal('totp'),
  friendly_name: z.string(),
  totp: z.object({ qr_code: z.string(), secret: z.string(), uri: z.string() }),
});

export const ChallengeResponseSchema = z.object({ id: z.string(), type: z.literal('totp'), expires_at: z.number().int() });
export const UnenrollResponseSchema = z.object({ id: z.string() });

export const SettingsResponseSchema = z.object({
  external: z.record(z.string(), z.boolean()),
  disable_signup: z.boolean(),
  mailer_autoconfirm: z.boolean(),
  phone_autoconfirm: z.boolean(),
  sms_provider: z.string(),
  saml_enabled: z.boolean(),
});

export const HealthResponseSchema = z.object({ version: z.string(), name: z.string(), description: z.string() });

/** Answers that are not JSON: 204 after logout, the 303 redirect of an email link, endpoints that only refuse. */
export const NoContentSchema = z.unknown();

const authTags = ['auth'];
const mfaTags = ['auth', 'mfa'];

/** The GoTrue-compatible subset auth-js uses (paths as GoTrue has them). */
export const authEndpoints = {
  health: defineEndpoint({ method: 'GET', path: '/auth/v1/health', access: 'public', summary: 'Service health', tags: authTags, response: HealthResponseSchema }),
  settings: defineEndpoint({ method: 'GET', path: '/auth/v1/settings', access: 'public', summary: 'Enabled providers', tags: authTags, response: SettingsResponseSchema }),
  signup: defineEndpoint({
    method: 'POST',
    path: '/auth/v1/signup',
    access: 'public',
    summary: 'Create an account (a confirmation mail unless autoconfirm)',
    tags: authTags,
    query: RedirectQuerySchema,
    body: SignupBodySchema,
    response: SignupResponseSchema,
  }),
  token: defineEndpoint({
    method: 'POST',
    path: '/auth/v1/token',
    access: 'public',
    summary: 'Sign in (grant_type=password) or refresh a session (grant_type=refresh_token)',
    tags: authTags,
    query: TokenQuerySchema,
    body: TokenBodySchema,
    response: TokenResponseSchema,
  }),
  logout: defineEndpoint({ method: 'POST', path: '/auth/v1/logout', access: 'auth-session', summary: 'End sessions (scope global, local or others)', tags: authTags, query: LogoutQuerySchema, status: 204, response: NoContentSchema }),
  getUser: defineEndpoint({ method: 'GET', path: '/auth/v1/user', access: 'auth-session', summary: 'The signed-in user', tags: authTags, response: GoTrueUserSchema }),
  updateUser: defineEndpoint({ method: 'PUT', path: '/auth/v1/user', access: 'auth-session', summary: 'Change email, password or metadata', tags: authTags, body: UpdateUserBodySchema, response: GoTrueUserSchema }),
  recover: defineEndpoint({
    method: 'POST',
    path: '/auth/v1/recover',
    access: 'public',
    summary: 'Mail a password-recovery link (the same answer for unknown addresses)',
    tags: authTags,
    query: RedirectQuerySchema,
    body: RecoverBodySchema,
    response: EmptyObjectSchema,
  }),
  verify: defineEndpoint({ method: 'POST', path: '/auth/v1/verify', access: 'public', summary: 'Verify an email token or code', tags: authTags, body: VerifyBodySchema, response: TokenResponseSchema }),
  verifyLink: defineEndpoint({
    method: 'GET',
    path: '/auth/v1/verify',
    access: 'public',
    summary: 'The link in the mail: redirects (303) with the session or the error in the URL fragment',
    tags: authTags,
    query: VerifyQuerySchema,
    status: 303,
    response: NoContentSchema,
  }),
  authorize: defineEndpoint({ method: 'GET', path: '/auth/v1/authorize', access: 'public', summary: 'OAuth sign-in (no provider is enabled)', tags: authTags, response: NoContentSchema }),
  identitiesAuthorize: defineEndpoint({ method: 'GET', path: '/auth/v1/user/identities/authorize', access: 'auth-session', summary: 'Identity linking (disabled)', tags: authTags, response: NoContentSchema }),
  deleteIdentity: defineEndpoint({ method: 'DELETE', path: '/auth/v1/user/identities/:id', access: 'auth-session', summary: 'Unlink an identity', tags: authTags, params: IdentityParamsSchema, response: NoContentSchema }),
  enrollFactor: defineEndpoint({ method: 'POST', path: '/auth/v1/factors', access: 'auth-session', summary: 'Enrol a TOTP factor', tags: mfaTags, body: EnrollBodySchema, response: EnrollResponseSchema }),
  challengeFactor: defineEndpoint({ method: 'POST', path: '/auth/v1/factors/:id/challenge', access: 'auth-session', summary: 'Start a TOTP challenge', tags: mfaTags, params: FactorParamsSchema, response: ChallengeResponseSchema }),
  verifyFactor: defineEndpoint({
    method: 'POST',
    path: '/auth/v1/factors/:id/verify',
    access: 'auth-session',
    summary: 'Answer a TOTP challenge (an aal2 session)',
    tags: mfaTags,
    params: FactorParamsSchema,
    body: VerifyFactorBodySchema,
    response: TokenResponseSchema,
  }),
  unenrollFactor: defineEndpoint({ method: 'DELETE', path: '/auth/v1/factors/:id', access: 'auth-session', summary: 'Remove a factor', tags: mfaTags, params: FactorParamsSchema, response: UnenrollResponseSchema }),
};
