import { ApiRequestError, CLIENT_ERROR_CODES } from './api-client';

/** Spec 001 §8 "Jobs and documents" load errors; each is shown with Retry. */
export const JOBS_ERROR_MESSAGES = {
  connection: 'Unable to connect to server. Please check if the API server is running and try again.',
  unauthorized: 'Authentication error. Please try logging in again.',
  html: 'The API server is not responding correctly...',
  invalidResponse: 'Received invalid response from server...',
  invalidShape: 'No jobs found or invalid response format...',
  failedFetch: (statusText: string) => `Failed to fetch jobs: ${statusText}`,
  generic: 'Unexpected error loading data.',
} as const;

/** A user without a workspace sees a call to action instead of an error (design.md §4). */
export function isNoWorkspaceError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code === 'NO_WORKSPACE';
}

/** The message for a failed jobs read: the specified texts for the known failures, else the server's own message. */
export function jobsErrorMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return JOBS_ERROR_MESSAGES.generic;
  if (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT') return JOBS_ERROR_MESSAGES.connection;
  if (error.status === 401 || error.code === 'UNAUTHORIZED') return JOBS_ERROR_MESSAGES.unauthorized;
  if (error.code === CLIENT_ERROR_CODES.html) return JOBS_ERROR_MESSAGES.html;
  if (error.code === CLIENT_ERROR_CODES.invalidJson) return JOBS_ERROR_MESSAGES.invalidResponse;
  if (error.code === CLIENT_ERROR_CODES.invalidShape) return JOBS_ERROR_MESSAGES.invalidShape;
  // A non-OK answer without the API's error envelope (a proxy, a crashed server): its HTTP status text.
  if (error.code.startsWith('HTTP_')) return JOBS_ERROR_MESSAGES.failedFetch(error.statusText || String(error.status));
  return error.message || JOBS_ERROR_MESSAGES.generic;
}
