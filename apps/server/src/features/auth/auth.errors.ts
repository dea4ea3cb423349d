import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** The API version auth-js sends and expects back; with it auth-js reads `code` from error bodies. */
export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION = '2024-01-01';

/**
 * An error answered the way GoTrue answers it: `{ code, msg }` with GoTrue's status and error code
 * (auth-js turns it into AuthApiError(msg, status, code)). `extra` carries fields such as `weak_password`.
 */
export class GoTrueError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const invalidCredentials = () => new GoTrueError(400, 'invalid_credentials', 'Invalid login credentials');
export const validationFailed = (msg: string, status = 400) => new GoTrueError(status, 'validation_failed', msg);
export const otpExpired = () => new GoTrueError(403, 'otp_expired', 'Token has expired or is invalid');
export const overRequestRateLimit = (retryAfterSeconds: number) =>
  new GoTrueError(429, 'over_request_rate_limit', 'Request rate limit reached', { retryAfterSeconds });
export const weakPassword = (minLength: number) =>
  new GoTrueError(422, 'weak_password', `Password should be at least ${minLength} characters.`, { weak_password: { reasons: ['length'] } });

const UNEXPECTED = { code: 'unexpected_failure', msg: 'Unexpected failure, please check server logs for more information' };

/**
 * The /auth/v1 scope answers every error in GoTrue's shape (never the product API's envelope), and
 * every response carries the API version header, errors and 404s included.
 */
export function registerGoTrueErrorHandling(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header(API_VERSION_HEADER, API_VERSION);
    return payload;
  });

  app.setErrorHandler((err: FastifyError | GoTrueError, req, reply) => {
    if (err instanceof GoTrueError) {
      if (err.status === 429) reply.header('retry-after', String(err.extra?.retryAfterSeconds ?? 60));
      const extra = err.status === 429 ? {} : (err.extra ?? {});
      return reply.status(err.status).send({ code: err.code, msg: err.message, ...extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0] as { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } } | undefined;
      const path = issue?.params?.issue?.path?.map(String).join('.') || issue?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
      const msg = path ? `${path}: ${issue?.message ?? 'Invalid value'}` : (issue?.message ?? 'Invalid request');
      return reply.status(400).send({ code: 'validation_failed', msg });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'auth response does not match its schema');
      return reply.status(500).send(UNEXPECTED);
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ code: 'request_too_large', msg: 'Request body is too large' });
    if (status === 415) return reply.status(415).send({ code: 'validation_failed', msg: 'Content-Type must be application/json' });
    if (status >= 400 && status < 500) {
      // Malformed JSON and Fastify's other client errors (GoTrue answers these with bad_json).
      return reply.status(400).send({ code: 'bad_json', msg: `Could not parse request body as JSON: ${err.message}` });
    }
    req.log.error({ err }, 'unhandled auth error');
    return reply.status(500).send(UNEXPECTED);
  });

  app.setNotFoundHandler((_req, reply) => {
    reply.status(404).send({ code: 'not_found', msg: 'Not Found' });
  });
}
