import type { AssistantStatus, GroupAssistantRow } from '@fieldbook/contract';

export type StatusFilter = 'all' | AssistantStatus;
export type StateFilter = 'all' | 'active' | 'inactive';
export type AssistantFilters = { status: StatusFilter; state: StateFilter; search: string };
export const NO_FILTERS: AssistantFilters = { status: 'all', state: 'all', search: '' };

export const STATE_FILTER_OPTIONS: { value: StateFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

export function hasFilters(f: AssistantFilters): boolean {
  return f.status !== 'all' || f.state !== 'all' || f.search.trim() !== '';
}

/**
 * The rows the filters leave (spec 002 §2): by status (a group not initialized has none, so it shows under All
 * only), by active state (not initialized counts as inactive: it answers nothing), and by a case-insensitive search
 * over the group's name and description.
 */
export function filterRows(rows: readonly GroupAssistantRow[], f: AssistantFilters): GroupAssistantRow[] {
  const needle = f.search.trim().toLowerCase();
  return rows.filter(({ group, stats }) => {
    if (f.status !== 'all' && stats?.creation_status !== f.status) return false;
    if (f.state === 'active' && !stats?.is_active) return false;
    if (f.state === 'inactive' && stats?.is_active) return false;
    if (needle && !`${group.name}\n${group.description ?? ''}`.toLowerCase().includes(needle)) return false;
    return true;
  });
}
