import type { WorkspaceSummary } from '@fieldbook/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { WorkspaceManagementScreen } from './workspace-management-screen';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TOTAL = 520;
const all: WorkspaceSummary[] = Array.from({ length: TOTAL }, (_, i) => ({
  id: uuid(i + 1),
  name: `Bulk Co ${String(i + 1).padStart(4, '0')}`,
  description: null,
  owner_id: null,
  privacy_setting: 'private',
  drive_integration_enabled: true,
  default_group_visibility: 'invite_only',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  deleted_at: null,
  user_count: 0,
  group_count: 0,
}));
const limits: number[] = [];

beforeEach(() => {
  limits.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/workspaces') return json({});
    const limit = Number(url.searchParams.get('limit') ?? 500);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    limits.push(limit);
    if (limit > 500) return json({ error: { code: 'VALIDATION_FAILED', message: 'limit too big' } }, 400);
    return json({ workspaces: all.slice(offset, offset + limit), total: TOTAL });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WorkspaceManagementScreen paging', () => {
  it('pages through more than 500 workspaces: the last page shows the 520th', async () => {
    renderWithProviders(<WorkspaceManagementScreen />, { route: '/workspace-management' });
    const user = userEvent.setup();
    expect((await screen.findAllByText('Bulk Co 0001')).length).toBeGreaterThan(0);
    expect(screen.getByText('Showing 1–50 of 520 workspaces')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Workspace pages' });
    await user.click(within(pages).getByRole('button', { name: '11' }));
    expect((await screen.findAllByText('Bulk Co 0520')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Bulk Co 0001')).toBeNull();
    expect(screen.getByText('Showing 501–520 of 520 workspaces')).toBeTruthy();
    expect(limits.every((n) => n <= 50)).toBe(true);
  }, 20_000); // the first render of the table and its cards takes seconds in happy-dom on a busy machine
});
