import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client';
import { isNoWorkspaceError, jobsErrorMessage } from './load-error-message';

describe('jobsErrorMessage', () => {
  it('uses the specified texts for connection, auth and malformed answers', () => {
    expect(jobsErrorMessage(new ApiRequestError(0, 'NETWORK_ERROR', 'x'))).toBe(
      'Unable to connect to server. Please check if the API server is running and try again.',
    );
    expect(jobsErrorMessage(new ApiRequestError(0, 'TIMEOUT', 'x'))).toMatch(/^Unable to connect to server/);
    expect(jobsErrorMessage(new ApiRequestError(401, 'UNAUTHORIZED', 'x'))).toBe('Authentication error. Please try logging in again.');
    expect(jobsErrorMessage(new ApiRequestError(200, 'INVALID_RESPONSE', 'x'))).toBe('Received invalid response from server...');
    expect(jobsErrorMessage(new ApiRequestError(200, 'HTML_RESPONSE', 'x'))).toBe('The API server is not responding correctly...');
    expect(jobsErrorMessage(new ApiRequestError(200, 'INVALID_SHAPE', 'x'))).toBe('No jobs found or invalid response format...');
    expect(jobsErrorMessage(new ApiRequestError(502, 'HTTP_502', 'x', undefined, 'Bad Gateway'))).toBe('Failed to fetch jobs: Bad Gateway');
  });

  it("passes the server's message through otherwise", () => {
    expect(jobsErrorMessage(new ApiRequestError(404, 'NOT_FOUND', 'Job not found'))).toBe('Job not found');
    expect(jobsErrorMessage(new Error('boom'))).toBe('Unexpected error loading data.');
  });

  it('recognises a caller without a workspace', () => {
    expect(isNoWorkspaceError(new ApiRequestError(409, 'NO_WORKSPACE', 'No workspace'))).toBe(true);
    expect(isNoWorkspaceError(new ApiRequestError(404, 'NOT_FOUND', 'x'))).toBe(false);
  });
});
