import { photoEndpoints } from '@fieldbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { fakePhotoApi, JOB_ID, makePhoto, phoneLayout, uuid } from './photo-fixtures';
import { JobPhotos } from './job-photos';

let api: FakeApi;
let restoreLayout: () => void;
beforeEach(() => {
  api = fakeApi();
  restoreLayout = phoneLayout();
});
afterEach(() => {
  restoreLayout();
  vi.unstubAllGlobals();
  expect(api.problems).toEqual([]);
});

const placed = makePhoto(1, { caption: 'North slope', stage: 'before', tags: ['hail'], latitude: 41.878113, longitude: -87.629799 });
const othersPhoto = makePhoto(2, { author: { id: uuid(77_001), name: 'Alex Roofer' } });

describe('the photo viewer', () => {
  it('opens from ?photo=<id>: the original, the time in the workspace’s zone, the place as a map link, the author; caption, stage and tags saved with PATCH', async () => {
    fakePhotoApi(api, [placed]).on(photoEndpoints.get, placed).on(photoEndpoints.update, ({ body }) => ({ ...placed, ...body }));
    renderWithProviders(<JobPhotos jobId={JOB_ID} />, { route: `/jobs/${JOB_ID}?photo=${placed.id}` });
    const dialog = await screen.findByRole('dialog', { name: 'Photo' });
    expect(await within(dialog).findByRole('img', { name: 'North slope' })).toHaveProperty('src', expect.stringContaining('/api/photo-images/original/o1'));
    // 15:05 UTC on March 14 is 10:05 in Chicago (CDT).
    expect(within(dialog).getByText('Taken Mar 14, 2026, 10:05 AM')).toBeTruthy();
    expect(within(dialog).getByText('By Sam Crew')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'View the place on a map' }).getAttribute('href')).toContain('41.878113,-87.629799');

    const caption = within(dialog).getByLabelText('Caption');
    await userEvent.clear(caption);
    await userEvent.type(caption, 'North slope, hail');
    await userEvent.selectOptions(within(dialog).getByLabelText('Stage'), 'issue');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(photoEndpoints.update)).toHaveLength(1));
    expect(api.calls(photoEndpoints.update)[0]!.body).toEqual({ caption: 'North slope, hail', stage: 'issue' });
    expect(api.calls(photoEndpoints.update)[0]!.params.id).toBe(placed.id);
  });

  it('deletes its author’s photo after a confirmation; another member’s photo offers no Delete', async () => {
    fakePhotoApi(api, [placed, othersPhoto]).on(photoEndpoints.get, ({ params }) => (params.id === placed.id ? placed : othersPhoto)).on(photoEndpoints.remove, { ok: true });
    const view = renderWithProviders(<JobPhotos jobId={JOB_ID} />, { route: `/jobs/${JOB_ID}?photo=${othersPhoto.id}` });
    let dialog = await screen.findByRole('dialog', { name: 'Photo' });
    await within(dialog).findByText('By Alex Roofer');
    expect(within(dialog).queryByRole('button', { name: 'Delete photo' })).toBeNull();
    view.unmount();

    renderWithProviders(<JobPhotos jobId={JOB_ID} />, { route: `/jobs/${JOB_ID}?photo=${placed.id}` });
    dialog = await screen.findByRole('dialog', { name: 'Photo' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Delete photo' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this photo?' });
    expect(api.calls(photoEndpoints.remove)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls(photoEndpoints.remove)).toHaveLength(1));
    expect(api.calls(photoEndpoints.remove)[0]!.params.id).toBe(placed.id);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Photo' })).toBeNull());
  });

  it('a workspace admin may delete anyone’s photo', async () => {
    fakePhotoApi(api, [othersPhoto], { canEdit: true }).on(photoEndpoints.get, othersPhoto);
    renderWithProviders(<JobPhotos jobId={JOB_ID} />, { route: `/jobs/${JOB_ID}?photo=${othersPhoto.id}` });
    const dialog = await screen.findByRole('dialog', { name: 'Photo' });
    expect(await within(dialog).findByRole('button', { name: 'Delete photo' })).toBeTruthy();
  });
});

describe('before / after', () => {
  it('choosing two photos in the grid compares them with a slider, the older on the left', async () => {
    const before = makePhoto(11, { stage: 'before', caption: 'Before', taken_at: '2026-03-01T15:00:00.000Z' });
    const middle = makePhoto(12, { stage: 'during', caption: 'Tear-off', taken_at: '2026-03-05T15:00:00.000Z' });
    const after = makePhoto(13, { stage: 'after', caption: 'After', taken_at: '2026-03-10T15:00:00.000Z' });
    fakePhotoApi(api, [after, middle, before]);
    renderWithProviders(<JobPhotos jobId={JOB_ID} />, { route: `/jobs/${JOB_ID}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Compare two photos' }));
    expect(screen.getByRole('button', { name: 'Compare' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Choose photo: After' }));
    await userEvent.click(screen.getByRole('button', { name: 'Choose photo: Tear-off' }));
    // A third choice replaces the first.
    await userEvent.click(screen.getByRole('button', { name: 'Choose photo: Before' }));
    expect(screen.getByRole('button', { name: 'Choose photo: After' }).getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(screen.getByRole('button', { name: 'Compare' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compare photos' });
    const images = within(dialog).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['Before', 'Tear-off']);
    expect(images[0]!.getAttribute('src')).toBe(before.original_url);
    expect(screen.queryByRole('dialog', { name: 'Photo' })).toBeNull();
  });
});
