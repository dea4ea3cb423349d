import { describe, expect, it } from 'vitest';
import { makeRow, makeStats } from '../components/fake-assistant-api';
import { filterRows, hasFilters, NO_FILTERS } from './assistant-filters';

const roofers = makeRow('Roofers', makeStats({ creation_status: 'completed', is_active: true }), 'Shingles and gutters');
const plumbers = makeRow('Plumbers', makeStats({ creation_status: 'fine_tuning' }));
const office = makeRow('Office', null, 'Billing questions');
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
