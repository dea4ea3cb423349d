import { photoEndpoints } from '@fieldbook/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { AUTHOR_ID, fakePhotoApi, JOB_ID, makePhoto, phoneLayout, uuid } from './photo-fixtures';
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

const many = (count: number) => Array.from({ length: count }, (_, i) => makePhoto(i + 1, { author: { id: i % 2 ? AUTHOR_ID : uuid(77_001), name: i % 2 ? 'Sam Crew' : 'Alex Roofer' } }));

describe('the job’s photo grid', () => {
  it('with 2,000 photos shows only the rows in view, three to a row at 390 px, and asks for the next page as the user scrolls', async () => {
    fakePhotoApi(api, many(2000));
    renderWithProviders(<JobPhotos jobId={JOB_ID} />);
    await waitFor(() => expect(screen.getAllByTestId('photo-thumb').length).toBeGreaterThan(0));
    // A first page of 60; a window of it is in the page.
    const shown = screen.getAllByTestId('photo-thumb').length;
    expect(shown).toBeLessThan(40);
    const rows = within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('listitem');
    expect(within(rows[0]!).getAllByTestId('photo-thumb')).toHaveLength(3);
    expect(api.calls(photoEndpoints.listForJob)).toHaveLength(1);

    const grid = screen.getByTestId('photo-grid');
    grid.scrollTop = 2400; // row ~18 of 20: near the end of the first page
    fireEvent.scroll(grid);
    await waitFor(() => expect(api.calls(photoEndpoints.listForJob)).toHaveLength(2));
    expect(api.calls(photoEndpoints.listForJob)[1]!.query.cursor).toBe('60');
    expect(screen.getAllByTestId('photo-thumb').length).toBeLessThan(60);
    // The window moved down: the first photos left the page.
    expect(screen.getAllByTestId('photo-thumb')[0]!.querySelector('img')!.getAttribute('src')).not.toBe('/api/photo-images/thumbnail/t1');
  });

  it('sends the chosen stage, author and days (in the workspace’s zone) as the list’s filters', async () => {
    fakePhotoApi(api, many(4));
    renderWithProviders(<JobPhotos jobId={JOB_ID} />);
    await waitFor(() => expect(screen.getAllByTestId('photo-thumb')).toHaveLength(4));
    await userEvent.selectOptions(screen.getByLabelText('Stage', { selector: 'select' }), 'after');
    await waitFor(() => expect(api.calls(photoEndpoints.listForJob).at(-1)!.query.stage).toBe('after'));
    await userEvent.selectOptions(screen.getByLabelText('Author'), 'Alex Roofer');
    await waitFor(() => expect(api.calls(photoEndpoints.listForJob).at(-1)!.query.author_id).toBe(uuid(77_001)));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-14' } });
    // Chicago: CST on March 1, CDT from March 8; the range ends where March 15 begins.
    await waitFor(() => expect(api.calls(photoEndpoints.listForJob).at(-1)!.query).toMatchObject({ stage: 'after', author_id: uuid(77_001), from: '2026-03-01T06:00:00.000Z', to: '2026-03-15T05:00:00.000Z' }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(api.calls(photoEndpoints.listForJob).at(-1)!.query).toEqual({ limit: 60 }));
  });

  it('shows "Processing" until the thumbnail is made, asking for that photo alone again, then shows it; a photo processing for long is not asked for', async () => {
    const fresh = makePhoto(5, { status: 'processing', thumbnail_url: null, has_thumbnail: false, created_at: new Date().toISOString() });
    // Uploaded an hour ago and still processing: the server's retries are minutes apart; polling would not help.
    const stuck = makePhoto(6, { status: 'processing', thumbnail_url: null, has_thumbnail: false, created_at: new Date(Date.now() - 3_600_000).toISOString() });
    fakePhotoApi(api, [fresh, stuck]).on(photoEndpoints.get, makePhoto(5, { created_at: fresh.created_at }));
    renderWithProviders(<JobPhotos jobId={JOB_ID} />);
    expect(await screen.findAllByText('Processing')).toHaveLength(2);
    await waitFor(() => expect(screen.getAllByTestId('photo-thumb')[0]!.querySelector('img')?.getAttribute('src')).toBe('/api/photo-images/thumbnail/t5'));
    expect(screen.getAllByText('Processing')).toHaveLength(1);
    expect(api.calls(photoEndpoints.get).map((c) => c.params.id)).toEqual([fresh.id]);
    // The list itself is not asked for again.
    expect(api.calls(photoEndpoints.listForJob)).toHaveLength(1);
  });
});
