import { z } from 'zod';

/**
 * GoTrue's request and response shapes at /auth/v1. They live beside the feature rather than in
 * packages/contract because the web never calls these endpoints itself: the unmodified @supabase/auth-js
 * does, and these schemas mirror what it sends and reads. Requests are loose objects: auth-js adds
 * fields we ignore (gotrue_meta_security, code_challenge: null, channel, factorId, …).
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
