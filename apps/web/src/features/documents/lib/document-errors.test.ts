import { GENERATION_VALIDATION_FAILED } from '@fieldbook/contract';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import { completeLines, draftLine } from '../components/line-items-editor';
import { documentLoadError, sendErrorMessage } from './document-errors';

describe('document generation and send errors (spec 001 §8)', () => {
  it('maps each failure to the specified message, keeping the server’s reason where it helps', () => {
    expect(sendErrorMessage(new ApiRequestError(400, 'VALIDATION_ERROR', 'No valid phone numbers found in selected contacts'))).toEqual({
      message: GENERATION_VALIDATION_FAILED,
      detail: 'No valid phone numbers found in selected contacts',
    });
    expect(sendErrorMessage(new ApiRequestError(401, 'UNAUTHORIZED', 'x')).message).toBe('Authentication error. Please try logging in again.');
    expect(sendErrorMessage(new ApiRequestError(0, 'NETWORK_ERROR', 'x')).message).toBe('Unable to connect to server. Please check if the API server is running and try again.');
    expect(sendErrorMessage(new ApiRequestError(500, 'INTERNAL', 'boom')).message).toBe('Server error (500). Please try again in a moment.');
    expect(sendErrorMessage(new ApiRequestError(404, 'NOT_FOUND', 'Job not found')).message).toBe('Job not found');
  });

  it('a missing document is the 404 alert with its reasons; other statuses name the status', () => {
    expect(documentLoadError(new ApiRequestError(404, 'NOT_FOUND', 'Document not found')).title).toBe('Document not found on the server');
    expect(documentLoadError(new ApiRequestError(503, 'HTTP_503', 'x')).title).toBe('Failed to load document (503)');
  });
});

describe('line items', () => {
  it('drops blank lines, needs a quantity and a price on described ones', () => {
    expect(completeLines([draftLine({ description: 'Labor', quantity: 2, unit_price: 50 }), draftLine()])).toEqual({ items: [{ description: 'Labor', quantity: 2, unit_price: 50 }] });
    expect(completeLines([draftLine({ description: 'Shingles' })])).toEqual({ error: 'Enter a price for “Shingles”, or remove the line' });
    expect(completeLines([{ ...draftLine({ description: 'Nails', unit_price: 3 }), quantity: '' }])).toEqual({ error: 'Enter a quantity for “Nails”' });
  });
});
