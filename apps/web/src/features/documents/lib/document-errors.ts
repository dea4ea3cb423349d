import { GENERATION_VALIDATION_FAILED } from '@fieldbook/contract';
import { ApiRequestError } from '../../../lib/api-client';
import { JOBS_ERROR_MESSAGES } from '../../../lib/load-error-message';

/**
 * Spec 001 §8 "Document generation": 401 → an authentication error, validation → the contact-information message
 * (with the server's reason beneath), network → a connection error, 5xx → a server error; else the server's words.
 */
export function sendErrorMessage(error: unknown): { message: string; detail: string | null } {
  if (!(error instanceof ApiRequestError)) return { message: JOBS_ERROR_MESSAGES.generic, detail: null };
  if (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT') return { message: JOBS_ERROR_MESSAGES.connection, detail: null };
  if (error.status === 401) return { message: JOBS_ERROR_MESSAGES.unauthorized, detail: null };
  if (error.status === 400 || error.status === 422) return { message: GENERATION_VALIDATION_FAILED, detail: error.message };
  if (error.status >= 500) return { message: `Server error (${error.status}). Please try again in a moment.`, detail: error.message };
  return { message: error.message, detail: null };
}

/**
 * Spec 001 §8: a 404 is the alert 'Document not found on the server' with its likely reasons; other failures
 * 'Failed to load document ({status})'; no answer at all, the connection message.
 */
export function documentLoadError(error: unknown): { title: string; message: string } {
  if (error instanceof ApiRequestError && error.status === 404) {
    return { title: 'Document not found on the server', message: 'It may have been deleted, it may belong to another workspace, or the link may be mistyped.' };
  }
  if (error instanceof ApiRequestError && error.status > 0) return { title: `Failed to load document (${error.status})`, message: error.message };
  return { title: 'Could not load the document', message: JOBS_ERROR_MESSAGES.connection };
}
