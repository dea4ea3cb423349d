import { describe, expect, it } from 'vitest';
import { documentCounts, formatDate } from './job-display';

describe('formatDate', () => {
  it('reads a calendar date as that day in any time zone', () => {
    expect(formatDate('2026-03-01')).toBe('Mar 1, 2026');
  });

  it('formats a timestamp and ignores missing or unreadable values', () => {
    expect(formatDate('2026-11-22T12:00:00.000Z')).toMatch(/^Nov 2[12], 2026$/);
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('documentCounts', () => {
  it('counts each column', () => {
    const doc = { id: null, name: 'Contract', document_type: 'contract', status: 'needed' as const, placeholder: true, file_type: null, file_size: null, created_at: null };
    expect(documentCounts({ needed: [doc, doc], created: [], processed: [doc] })).toEqual({ needed: 2, created: 0, processed: 1 });
  });
});
