import { screen } from '@testing-library/react';
import type { MyWorkspace } from '@fieldbook/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { MyWorkspaceScreen } from './my-workspace-screen';

const WORKSPACE: NonNullable<MyWorkspace['workspace']> = {
  id: '00000000-0000-4000-8000-0000000000c1',
  name: 'Company Roofing',
  description: null,
  owner_id: '00000000-0000-4000-8000-0000000000c2',
  privacy_setting: 'limited',
  drive_integration_enabled: true,
  default_group_visibility: 'invite_only',
  created_at: '2026-01-05T10:00:00.000Z',
  updated_at: '2026-01-05T10:00:00.000Z',
  deleted_at: null,
};

/** GET /api/my-workspace answers `mine`; any other request is recorded (a read-only view must send none). */
function serve(mine: MyWorkspace) {
  const writes: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (method !== 'GET') writes.push(`${method} ${String(input instanceof Request ? input.url : input)}`);
    return new Response(JSON.stringify(mine), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return writes;
}
afterEach(() => vi.unstubAllGlobals());

describe('MyWorkspaceScreen', () => {
  it('a member who does not own the workspace sees its settings read-only, with no Save Settings', async () => {
    const writes = serve({ workspace: WORKSPACE, suggested_name: "crew's Workspace", can_edit: false });
    renderWithProviders(<MyWorkspaceScreen />);
    const name = await screen.findByRole('textbox', { name: 'Workspace Name' });
    expect((name as HTMLInputElement).value).toBe('Company Roofing');
    expect((name as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Limited - Share with contacts and groups' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('switch', { name: /Google Drive Integration/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Only the workspace owner can change its settings.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Settings' })).toBeNull();
    expect(writes).toEqual([]);
  });

  it('the owner edits them', async () => {
    serve({ workspace: WORKSPACE, suggested_name: "owner's Workspace", can_edit: true });
    renderWithProviders(<MyWorkspaceScreen />);
    const name = await screen.findByRole('textbox', { name: 'Workspace Name' });
    expect((name as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeTruthy();
    expect(screen.queryByText('Only the workspace owner can change its settings.')).toBeNull();
  });
});
