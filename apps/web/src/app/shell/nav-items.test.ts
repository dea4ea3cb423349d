import { describe, expect, it } from 'vitest';
import { isNavItemActive, NAV_ITEMS, visibleNavItems } from './nav-items';

describe('navigation items', () => {
  it('shows the admin items to admins only', () => {
    const labels = (role: 'admin' | 'user' | undefined) => visibleNavItems(role ? { role } : undefined).map((i) => i.label);
    expect(labels('user')).toEqual(['HOME', 'CONTACTS', 'JOBS', 'SCHEDULE', 'TODAY', 'TASKS', 'INVOICES', 'REQUESTS', 'DOCS', 'PHOTOS', 'GROUPS', 'MY WORKSPACE', 'RECORDINGS']);
    expect(labels(undefined)).toEqual(labels('user'));
    expect(labels('admin').slice(-3)).toEqual(['ANALYTICS', 'GROUP ASSISTANTS', 'MANAGE WORKSPACES']);
  });

  it('marks the item of the current screen, aliases included', () => {
    const byLabel = (label: string) => NAV_ITEMS.find((i) => i.label === label)!;
    expect(isNavItemActive(byLabel('HOME'), '/')).toBe(true);
    expect(isNavItemActive(byLabel('HOME'), '/jobs')).toBe(false);
    expect(isNavItemActive(byLabel('JOBS'), '/jobs/123')).toBe(true);
    expect(isNavItemActive(byLabel('JOBS'), '/jobsite')).toBe(false);
    expect(isNavItemActive(byLabel('RECORDINGS'), '/record')).toBe(true);
    expect(isNavItemActive(byLabel('DOCS'), '/document-manager/9')).toBe(true);
    expect(isNavItemActive(byLabel('INVOICES'), '/invoices')).toBe(true);
    expect(isNavItemActive(byLabel('PHOTOS'), '/photos')).toBe(true);
    expect(isNavItemActive(byLabel('TODAY'), '/today')).toBe(true);
    expect(isNavItemActive(byLabel('SCHEDULE'), '/today')).toBe(false);
    expect(isNavItemActive(byLabel('REQUESTS'), '/requests/123')).toBe(true);
  });
});
