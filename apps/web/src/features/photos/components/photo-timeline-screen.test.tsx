import { photoEndpoints, profileEndpoints, workspaceEndpoints } from '@fieldbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { makePhoto, myWorkspace, phoneLayout, PROFILE, uuid } from './photo-fixtures';
import { PhotoTimelineScreen } from './photo-timeline-screen';

let api: FakeApi;
let restoreLayout: () => void;
beforeEach(() => {
  api = fakeApi().on(workspaceEndpoints.mine, myWorkspace()).on(profileEndpoints.get, PROFILE);
  restoreLayout = phoneLayout();
});
afterEach(() => {
  restoreLayout();
  vi.unstubAllGlobals();
  expect(api.problems).toEqual([]);
});

describe('the workspace’s photo timeline (/photos)', () => {
  it('groups photos of all jobs by the workspace’s day, filters with the same filters, and opens a photo with a link to its job', async () => {
    const otherJob = uuid(9002);
    // 02:00 UTC on March 15 is still March 14 in Chicago.
    const late = makePhoto(1, { caption: 'Gutter', taken_at: '2026-03-15T02:00:00.000Z' });
    const noon = makePhoto(2, { caption: 'Ridge', taken_at: '2026-03-14T17:00:00.000Z', job_id: otherJob });
    const earlier = makePhoto(3, { caption: 'Drive', taken_at: '2026-03-12T17:00:00.000Z' });
    api.on(photoEndpoints.timeline, { photos: [late, noon, earlier], next_cursor: null }).on(photoEndpoints.get, noon);
    renderWithProviders(<PhotoTimelineScreen />, { route: '/photos' });

    const list = await screen.findByRole('list', { name: 'Photos' });
    await waitFor(() => expect(within(list).getByText('March 14, 2026')).toBeTruthy());
    const rows = within(list).getAllByRole('listitem').map((row) => row.textContent);
    expect(rows[0]).toBe('March 14, 2026');
    expect(within(list).getAllByRole('listitem')[1]!.querySelectorAll('[data-testid="photo-thumb"]')).toHaveLength(2);
    expect(rows[2]).toBe('March 12, 2026');

    await userEvent.selectOptions(screen.getByLabelText('Stage'), 'before');
    await waitFor(() => expect(api.calls(photoEndpoints.timeline).at(-1)!.query.stage).toBe('before'));

    await userEvent.click(screen.getByRole('button', { name: 'Open photo: Ridge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo' });
    expect((await within(dialog).findByRole('link', { name: 'Open the job' })).getAttribute('href')).toBe(`/jobs/${otherJob}?photo=${noon.id}`);
  });
});
