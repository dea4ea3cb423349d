import type { AssistantStats, GroupAssistantRow } from '@fieldbook/contract';
import { describe, expect, it } from 'vitest';
import { filterRows, hasFilters, NO_FILTERS } from './assistant-filters';

const stats = (over: Partial<AssistantStats>): AssistantStats => ({
  creation_status: 'not_started',
  is_active: false,
  training_examples_count: 0,
  approved_examples: 0,
  avg_quality: null,
  base_model: 'gpt-4.1-mini',
  last_trained: null,
  has_model: false,
  model_id: null,
  failure_reason: null,
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});
let n = 0;
const row = (name: string, description: string | null, s: AssistantStats | null): GroupAssistantRow => ({
  group: { id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, name, description, created_at: '2026-01-01T00:00:00.000Z', workspace_id: '00000000-0000-4000-8000-0000000000b1' },
  stats: s,
});

const roofers = row('Roofers', 'Shingles and gutters', stats({ creation_status: 'completed', is_active: true }));
const plumbers = row('Plumbers', null, stats({ creation_status: 'fine_tuning' }));
const office = row('Office', 'Billing questions', null);
const rows = [roofers, plumbers, office];

describe('filterRows', () => {
  it('keeps everything without filters', () => {
    expect(filterRows(rows, NO_FILTERS)).toEqual(rows);
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });

  it('filters by status; a group not initialized has none', () => {
    expect(filterRows(rows, { ...NO_FILTERS, status: 'fine_tuning' })).toEqual([plumbers]);
    expect(filterRows(rows, { ...NO_FILTERS, status: 'not_started' })).toEqual([]);
  });

  it('filters by state; not initialized counts as inactive', () => {
    expect(filterRows(rows, { ...NO_FILTERS, state: 'active' })).toEqual([roofers]);
    expect(filterRows(rows, { ...NO_FILTERS, state: 'inactive' })).toEqual([plumbers, office]);
  });

  it('searches name and description, any case, trimmed', () => {
    expect(filterRows(rows, { ...NO_FILTERS, search: '  GUTTER ' })).toEqual([roofers]);
    expect(filterRows(rows, { ...NO_FILTERS, search: 'plumb' })).toEqual([plumbers]);
    expect(filterRows(rows, { ...NO_FILTERS, search: 'billing' })).toEqual([office]);
    expect(filterRows(rows, { ...NO_FILTERS, search: 'nothing like it' })).toEqual([]);
    expect(hasFilters({ ...NO_FILTERS, search: ' x ' })).toBe(true);
  });

  it('combines the filters', () => {
    expect(filterRows(rows, { status: 'completed', state: 'inactive', search: '' })).toEqual([]);
    expect(filterRows(rows, { status: 'completed', state: 'active', search: 'roof' })).toEqual([roofers]);
  });
});
