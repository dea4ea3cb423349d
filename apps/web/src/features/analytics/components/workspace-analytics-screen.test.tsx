import { analyticsEndpoints, receivablesEndpoints, workspaceEndpoints, type RecordingAnalytics } from '@fieldbook/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { bulkWorkspaceSummaries } from '../../../test/factories';
import { WorkspaceAnalyticsScreen } from './workspace-analytics-screen';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const TOTAL = 520;
const all = bulkWorkspaceSummaries(TOTAL);
const empty: RecordingAnalytics = {
  days: 30,
  from: '2026-10-27',
  to: '2026-11-25',
  bucket: 'day',
  by_workspace: [],
  direction: { incoming: 0, outgoing: 0, unknown: 0 },
  timeline: [],
  total: { count: 0, bytes: 0 },
};
let api: FakeApi;
const analyticsQueries = () => api.calls(analyticsEndpoints.recordings).map((r) => r.query);

beforeEach(() => {
  // The workspace list is searched on the server: the fake filters by the words of `q` and pages (the contract's
  // query schema refuses a limit over 500, as the server does).
  api = fakeApi()
    .on(workspaceEndpoints.list, ({ query }) => {
      const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const matches = all.filter((w) => words.every((word) => w.name.toLowerCase().includes(word)));
      return { workspaces: matches.slice(query.offset, query.offset + query.limit), total: matches.length };
    })
    .on(analyticsEndpoints.recordings, empty)
    // The viewer's own workspace's receivables panels (receivables-panels.test.tsx tests them).
    .on(receivablesEndpoints.receivables, { as_of: '2026-11-25', time_zone: 'UTC', aging: [], total: { balance_cents: 0, count: 0 }, payments_by_month: [] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // Every request the screen made was to a faked contract endpoint, with answers the contract accepts.
  expect(api.problems).toEqual([]);
});

describe('WorkspaceAnalyticsScreen workspace select', () => {
  it('finds a workspace past the first 500 by searching on the server, and shows its analytics', async () => {
    renderWithProviders(<WorkspaceAnalyticsScreen />, { route: '/workspace-analytics' });
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: 'Workspace' });
    await user.click(select);
    await user.clear(select);
    await user.type(select, '0520');
    await user.click(await screen.findByRole('option', { name: 'Bulk Co 0520', hidden: true }, { timeout: 3000 }));
    await waitFor(() => expect(analyticsQueries().some((q) => q.workspace_id === uuid(520))).toBe(true));
  }, 20_000);

  it('asks for days in this browser’s time zone', async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'America/Chicago' } as Intl.ResolvedDateTimeFormatOptions);
    renderWithProviders(<WorkspaceAnalyticsScreen />, { route: '/workspace-analytics' });
    await waitFor(() => expect(analyticsQueries()[0]?.time_zone).toBe('America/Chicago'));
  });
});
