import { GALLERY_REVOKED, photoOutputEndpoints, type PublicGallery } from '@fieldbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { uuid } from './photo-fixtures';
import { PublicGalleryScreen } from './gallery-public-screen';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = `${uuid(601)}.1999999999.${'x'.repeat(43)}`;
const image = (n: number, variant: string) => `/api/public/gallery-images/${TOKEN}/${uuid(n)}/${variant}`;
const GALLERY: PublicGallery = {
  company: 'Łukasz Roofing',
  job: { title: 'Hail roof', property_address: '12 Oak Street' },
  time_zone: 'America/Chicago',
  expires_at: '2026-04-20T15:00:00.000Z',
  photos: [
    { id: uuid(1), caption: 'North slope, missing shingles', stage: 'before', taken_at: '2026-03-14T14:26:00.000Z', width: 1600, height: 1200, thumbnail_url: image(1, 'thumbnail'), large_url: image(1, 'large') },
    { id: uuid(2), caption: 'New ridge cap', stage: 'after', taken_at: '2026-03-20T20:05:00.000Z', width: 1600, height: 1200, thumbnail_url: image(2, 'thumbnail'), large_url: image(2, 'large') },
  ],
};

describe('PublicGalleryScreen', () => {
  it('shows the company, the job, the photos with captions and dates in the workspace’s zone; a tap opens the large copy; one view is told', async () => {
    const api = fakeApi().on(photoOutputEndpoints.publicGallery, GALLERY).on(photoOutputEndpoints.publicGalleryViewed, { viewed_at: '2026-03-21T10:00:00.000Z' });
    renderWithProviders(<PublicGalleryScreen token={TOKEN} />, { user: null });
    expect(await screen.findByRole('heading', { name: 'Hail roof' })).toBeTruthy();
    expect(screen.getByText('Łukasz Roofing')).toBeTruthy();
    expect(screen.getByText('12 Oak Street')).toBeTruthy();
    expect(screen.getByText('2 photos · this link works until Apr 20, 2026')).toBeTruthy();
    expect(screen.getByText('North slope, missing shingles')).toBeTruthy();
    // 14:26 UTC is 9:26 AM in Chicago (daylight time), whatever the reader's zone.
    expect(screen.getByText('Before · Mar 14, 2026, 9:26 AM')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'New ridge cap' }).getAttribute('src')).toBe(image(2, 'thumbnail'));

    await userEvent.click(screen.getByRole('button', { name: 'Open photo: North slope, missing shingles' }));
    const viewer = await screen.findByRole('dialog', { name: 'Before · Mar 14, 2026, 9:26 AM' });
    expect(within(viewer).getByRole('img', { name: 'North slope, missing shingles' }).getAttribute('src')).toBe(image(1, 'large'));
    await userEvent.click(within(viewer).getByRole('button', { name: 'Next' }));
    expect(within(await screen.findByRole('dialog', { name: 'After · Mar 20, 2026, 3:05 PM' })).getByText('2 of 2')).toBeTruthy();

    await waitFor(() => expect(api.calls(photoOutputEndpoints.publicGalleryViewed)).toHaveLength(1));
    // The page's GET is asked once; the view is the POST alone.
    expect(api.calls(photoOutputEndpoints.publicGallery)).toHaveLength(1);
    expect(api.problems).toEqual([]);
  });

  it('a revoked link says so, and tells no view', async () => {
    const api = fakeApi().on(photoOutputEndpoints.publicGallery, apiError(410, 'GONE', GALLERY_REVOKED));
    renderWithProviders(<PublicGalleryScreen token={TOKEN} />, { user: null });
    expect(await screen.findByText('Gallery unavailable')).toBeTruthy();
    expect(screen.getByText(GALLERY_REVOKED)).toBeTruthy();
    expect(api.calls(photoOutputEndpoints.publicGalleryViewed)).toHaveLength(0);
  });
});
