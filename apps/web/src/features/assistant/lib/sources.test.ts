import { describe, expect, it } from 'vitest';
import { metadataRows, relevancePercent, sourceHref } from './sources';

describe('relevancePercent', () => {
  it('shows similarity × 100 with no decimals', () => {
    expect(relevancePercent(0.8734)).toBe('87%');
    expect(relevancePercent(0.875)).toBe('88%');
    expect(relevancePercent(1)).toBe('100%');
    expect(relevancePercent(0)).toBe('0%');
  });
});

describe('metadataRows', () => {
  it('lists the metadata with readable labels, without ids, url and empty values', () => {
    expect(metadataRows({ id: 'x', url: '/tasks/x', description: 'Fix gutters', job_id: 'j1', status: null, document_type: 'Invoice', count: 3 })).toEqual([
      { key: 'description', label: 'Description', value: 'Fix gutters' },
      { key: 'document_type', label: 'Document type', value: 'Invoice' },
      { key: 'count', label: 'Count', value: '3' },
    ]);
  });
});

describe('sourceHref', () => {
  it('opens in-app paths only', () => {
    expect(sourceHref({ url: '/tasks/1' })).toBe('/tasks/1');
    expect(sourceHref({ url: '//evil.example/x' })).toBeNull();
    expect(sourceHref({ url: 'javascript:alert(1)' })).toBeNull();
    expect(sourceHref({ url: null })).toBeNull();
    expect(sourceHref({})).toBeNull();
  });
});
