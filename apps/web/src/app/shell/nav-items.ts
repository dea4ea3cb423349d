import type { Profile } from '@fieldbook/contract';

export type NavItem = { label: string; to: string; adminOnly?: boolean; activeAlso?: string[] };

/** Spec 000 §2 top navigation, in order. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'HOME', to: '/', activeAlso: ['/home', '/optimized-home', '/fast-dashboard'] },
  { label: 'CONTACTS', to: '/contacts' },
  { label: 'JOBS', to: '/jobs' },
  { label: 'SCHEDULE', to: '/schedule' },
  { label: 'TODAY', to: '/today' },
  { label: 'TASKS', to: '/tasks' },
  { label: 'INVOICES', to: '/invoices' },
  { label: 'REQUESTS', to: '/requests' },
  { label: 'DOCS', to: '/documents', activeAlso: ['/document-manager'] },
  { label: 'PHOTOS', to: '/photos' },
  { label: 'GROUPS', to: '/groups', activeAlso: ['/group-members', '/group-detail'] },
  { label: 'MY WORKSPACE', to: '/my-workspace' },
  { label: 'RECORDINGS', to: '/consolidated-recordings', activeAlso: ['/recordings', '/record'] },
  { label: 'ANALYTICS', to: '/workspace-analytics', adminOnly: true, activeAlso: ['/analytics'] },
  { label: 'GROUP ASSISTANTS', to: '/group-assistants', adminOnly: true, activeAlso: ['/group-assistant-admin', '/assistant-examples'] },
  { label: 'MANAGE WORKSPACES', to: '/workspace-management', adminOnly: true },
];

/** Admin items only for profile role admin (the server enforces the same rule on its endpoints). */
export function visibleNavItems(profile: Pick<Profile, 'role'> | undefined): NavItem[] {
  const isAdmin = profile?.role === 'admin';
  return NAV_ITEMS.filter((item) => !item.adminOnly || isAdmin);
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const matches = (base: string) => (base === '/' ? pathname === '/' : pathname === base || pathname.startsWith(`${base}/`));
  return matches(item.to) || (item.activeAlso ?? []).some(matches);
}
