import { describe, expect, it } from 'vitest';
import { cardStatusOptions, DASHBOARD_STATUS_FILTERS, jobStatusLabel, TABLE_STATUS_FILTERS } from './job-status';

describe('job status options', () => {
  it('lets the job card set only active or completed', () => {
    expect(cardStatusOptions('active').map((o) => o.value)).toEqual(['active', 'completed']);
    expect(cardStatusOptions('completed').map((o) => o.value)).toEqual(['active', 'completed']);
  });

  it('shows another current status as a disabled first option', () => {
    expect(cardStatusOptions('pending')).toEqual([
      { value: 'pending', label: 'Pending', disabled: true },
      { value: 'active', label: 'Active' },
      { value: 'completed', label: 'Completed' },
    ]);
  });

  it('offers the specified filters', () => {
    expect(DASHBOARD_STATUS_FILTERS.map((o) => o.value)).toEqual(['all', 'active', 'pending', 'in progress', 'completed']);
    expect(TABLE_STATUS_FILTERS.map((o) => o.label)).toEqual(['All statuses', 'Active', 'Pending', 'Completed', 'Cancelled']);
  });

  it('labels statuses for people', () => {
    expect(jobStatusLabel('in progress')).toBe('In Progress');
    expect(jobStatusLabel('unheard-of')).toBe('unheard-of');
  });
});
