import type { ErrorCode, FieldIssue } from '@fieldbook/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  GONE: 410,
  LOCKED: 423,
  REQUEST_TIMEOUT: 408,
  NO_WORKSPACE: 409,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** The one typed error of the product API; the error handler turns it into `{ error: { code, message, details } }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: FieldIssue[] | undefined;
  constructor(code: ErrorCode, message: string, details?: FieldIssue[]) {
    super(message);
    this.code = code;
    this.details = details;
  }
  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

/** A 429 RATE_LIMITED: the answer carries Retry-After (platform/rate-limit.ts `enforceRateLimit`). */
export class RateLimitError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message);
  }
}

/** A 400 naming one field, with the specification's message. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', message, [{ field, message }]);
}

function zodIssuesToFields(error: FastifyError): FieldIssue[] {
  // fastify-type-provider-zod puts each zod issue here: keyword = issue.code, instancePath = '/a/b', params = the rest.
  const validation = (error.validation ?? []) as Array<{ keyword?: string; instancePath?: string; message?: string; params?: { keys?: string[] } }>;
  return validation.flatMap((v) => {
    const path = (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    // An unknown key in a strict body: name the key itself, not its parent object.
    if (v.keyword === 'unrecognized_keys' && v.params?.keys?.length) {
      return v.params.keys.map((key) => ({ field: path ? `${path}.${key}` : key, message: `Unknown field "${key}"` }));
    }
    return [{ field: path || (error.validationContext ?? 'request'), message: v.message ?? 'Invalid value' }];
  });
}

/** Maps every error thrown under /api to the error envelope. 5xx never leak internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err instanceof RateLimitError) reply.header('retry-after', String(err.retryAfterSeconds));
      return reply.status(err.status).send({ error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = zodIssuesToFields(err);
      const first = details[0];
      const message = first ? `${first.field}: ${first.message}` : 'Invalid request';
      return reply.status(400).send({ error: { code: 'VALIDATION_ERROR', message, details } });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Internal server error' } });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: { code: 'RATE_LIMITED', message: 'Too many requests. Please slow down.' } });
    }
    if (status === 413) {
      return reply.status(413).send({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' } });
    }
    if (status === 415) {
      return reply.status(415).send({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: err.message } });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, empty body with content-type, …).
      return reply.status(400).send({ error: { code: 'BAD_REQUEST', message: err.message } });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Internal server error' } });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ error: { code: 'NOT_FOUND', message: `Route ${req.method} ${req.url.split('?')[0]} not found` } });
  });
}

/** The 413 for an upload over its size limit, the limit in KB or MB. */
export function fileTooLargeError(maxBytes: number): AppError {
  const limit = maxBytes >= 1024 * 1024 ? `${Math.round((maxBytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.ceil(maxBytes / 1024)} KB`;
  return new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the ${limit} limit`);
}
