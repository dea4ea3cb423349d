import { ApiRequestError } from '../../../lib/api-client';

/** Spec 001 §8 texts for a failed contacts read. */
export const CONTACT_LOAD_MESSAGES = {
  retry: 'Failed to load contacts. Please try again.',
  auth: 'Authentication required. Please log in again.',
  withReason: (message: string) => `Failed to load contacts: ${message}`,
} as const;

/** A signed-out session asks to sign in; a failure with the server's reason names it; anything else asks to retry. */
export function contactLoadMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return CONTACT_LOAD_MESSAGES.retry;
  if (error.status === 401) return CONTACT_LOAD_MESSAGES.auth;
  if (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT' || !error.message) return CONTACT_LOAD_MESSAGES.retry;
  return CONTACT_LOAD_MESSAGES.withReason(error.message);
}
