import { z } from 'zod';

/** Error codes of the product API (`/api/*`). Each maps to one HTTP status in the server's error handler. */
export const ErrorCodeSchema = z.enum([
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  /** An Idempotency-Key sent again with a different request (422). */
  'IDEMPOTENCY_KEY_REUSED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'GONE',
  /** A resumable upload another request is finishing right now (423; a tus client tries again). */
  'LOCKED',
  'REQUEST_TIMEOUT',
  'NO_WORKSPACE',
  'INTERNAL',
  'UNAVAILABLE',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const FieldIssueSchema = z.object({ field: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

/** The one error envelope of the product API. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    details: z.array(FieldIssueSchema).optional(),
  }),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
