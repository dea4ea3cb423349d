import { workspaceEndpoints } from '@fieldbook/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { bulkWorkspaceSummaries } from '../../../test/factories';
import { WorkspaceManagementScreen } from './workspace-management-screen';

const TOTAL = 520;
const all = bulkWorkspaceSummaries(TOTAL);
let api: FakeApi;

beforeEach(() => {
  // Pages as the server does (the contract's query schema refuses a limit over 500).
  api = fakeApi().on(workspaceEndpoints.list, ({ query }) => ({ workspaces: all.slice(query.offset, query.offset + query.limit), total: TOTAL }));
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
    expect(api.calls(workspaceEndpoints.list).every((r) => r.query.limit <= 50)).toBe(true);
  }, 20_000); // the first render of the table and its cards takes seconds in happy-dom on a busy machine
});
