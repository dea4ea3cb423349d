import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import { contactLoadMessage } from './contact-load-error';

describe('contactLoadMessage (spec 001 §8)', () => {
  it('asks to sign in again after a 401', () => {
    expect(contactLoadMessage(new ApiRequestError(401, 'UNAUTHORIZED', 'Authentication required'))).toBe('Authentication required. Please log in again.');
  });

  it("names the server's reason, and asks to retry when there is none", () => {
    expect(contactLoadMessage(new ApiRequestError(200, 'INVALID_SHAPE', 'Invalid response format'))).toBe('Failed to load contacts: Invalid response format');
    expect(contactLoadMessage(new ApiRequestError(0, 'NETWORK_ERROR', 'Unable to connect'))).toBe('Failed to load contacts. Please try again.');
    expect(contactLoadMessage(new Error('boom'))).toBe('Failed to load contacts. Please try again.');
  });
});
