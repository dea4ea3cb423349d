import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { workspaceEndpoints, type MyWorkspace } from '@fieldbook/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
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
  time_zone: 'America/New_York',
  created_at: '2026-01-05T10:00:00.000Z',
  updated_at: '2026-01-05T10:00:00.000Z',
  deleted_at: null,
};

/** The caller's workspace answers `mine`; a read-only view must send nothing else (no write, nothing unfaked). */
function serve(mine: MyWorkspace) {
  const api = fakeApi().on(workspaceEndpoints.mine, mine);
  return {
    get writes() {
      return [...api.requests.filter((r) => r.method !== 'GET').map((r) => r.name), ...api.problems];
    },
  };
}
afterEach(() => vi.unstubAllGlobals());

describe('MyWorkspaceScreen', () => {
  it('a member who does not own the workspace sees its settings read-only, with no Save Settings', async () => {
    const served = serve({ workspace: WORKSPACE, suggested_name: "crew's Workspace", can_edit: false });
    renderWithProviders(<MyWorkspaceScreen />);
    const name = await screen.findByRole('textbox', { name: 'Workspace Name' });
    expect((name as HTMLInputElement).value).toBe('Company Roofing');
    expect((name as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Limited - Share with contacts and groups' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('switch', { name: /Google Drive Integration/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Only the workspace owner can change its settings.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Settings' })).toBeNull();
    expect(served.writes).toEqual([]);
  });

  it('the owner edits them', async () => {
    serve({ workspace: WORKSPACE, suggested_name: "owner's Workspace", can_edit: true });
    renderWithProviders(<MyWorkspaceScreen />);
    const name = await screen.findByRole('textbox', { name: 'Workspace Name' });
    expect((name as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeTruthy();
    expect(screen.queryByText('Only the workspace owner can change its settings.')).toBeNull();
  });

  // Issue 23: the form checks the contract's SaveMyWorkspaceBodySchema, with its message, and sends nothing.
  it('an empty name says Workspace name is required and saves nothing', async () => {
    const served = serve({ workspace: WORKSPACE, suggested_name: "owner's Workspace", can_edit: true });
    renderWithProviders(<MyWorkspaceScreen />);
    const user = userEvent.setup();
    await user.clear(await screen.findByRole('textbox', { name: 'Workspace Name' }));
    await user.type(screen.getByRole('textbox', { name: 'Workspace Name' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Workspace name is required')).toBeTruthy();
    expect(served.writes).toEqual([]);
  });

  // Issues 32/33/34: the workspace's time zone, searchable; what the owner picks is what is saved.
  it('the owner searches and picks the time zone, and Save Settings sends it', async () => {
    const api = fakeApi()
      .on(workspaceEndpoints.mine, { workspace: WORKSPACE, suggested_name: "owner's Workspace", can_edit: true })
      .on(workspaceEndpoints.saveMine, ({ body }) => ({ ...WORKSPACE, name: body.name, time_zone: body.time_zone ?? WORKSPACE.time_zone }));
    renderWithProviders(<MyWorkspaceScreen />);
    const user = userEvent.setup();
    const zone = await screen.findByRole('combobox', { name: 'Time Zone' });
    expect((zone as HTMLInputElement).value).toMatch(/^America\/New York \(GMT-[45]\)$/);
    await user.click(zone);
    await user.clear(zone);
    await user.type(zone, 'warsaw');
    // hidden: happy-dom leaves the dropdown's transition at display: none.
    await user.click(await screen.findByRole('option', { name: /^Europe\/Warsaw \(GMT\+[12]\)$/, hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(api.calls(workspaceEndpoints.saveMine)).toHaveLength(1));
    expect(api.calls(workspaceEndpoints.saveMine)[0]?.body).toMatchObject({ name: 'Company Roofing', time_zone: 'Europe/Warsaw' });
    expect(api.problems).toEqual([]);
    // Opening a list of ~420 zones takes seconds in happy-dom (a browser draws it at once).
  }, 20_000);

  it('a member sees the zone but cannot change it', async () => {
    serve({ workspace: WORKSPACE, suggested_name: "crew's Workspace", can_edit: false });
    renderWithProviders(<MyWorkspaceScreen />);
    expect(((await screen.findByRole('combobox', { name: 'Time Zone' })) as HTMLInputElement).disabled).toBe(true);
  });
});
