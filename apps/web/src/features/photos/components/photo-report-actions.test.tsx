import { photoOutputEndpoints, type PhotoGallery, type PhotoReport } from '@fieldbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
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

const photos = [makePhoto(1, { caption: 'North slope', stage: 'before' }), makePhoto(2, { caption: 'Gutter', stage: 'before' }), makePhoto(3, { caption: 'Ridge cap', stage: 'after' })];
const REPORT: PhotoReport = {
  id: uuid(501),
  job_id: JOB_ID,
  title: 'Photo report — Roof',
  photo_count: 2,
  status: 'pending',
  error: null,
  document_id: null,
  created_by: { id: AUTHOR_ID, name: 'Sam Crew' },
  created_at: '2026-03-20T10:00:00.000Z',
};
const LINK = `http://localhost:3000/g/${uuid(601)}.1999999999.${'x'.repeat(43)}`;
const GALLERY: PhotoGallery = {
  id: uuid(601),
  job_id: JOB_ID,
  label: 'Adjuster',
  photo_ids: [photos[2]!.id],
  state: 'live',
  expires_at: '2026-03-27T10:00:00.000Z',
  revoked_at: null,
  viewed_at: null,
  link: LINK,
  created_by: { id: AUTHOR_ID, name: 'Sam Crew' },
  created_at: '2026-03-20T10:00:00.000Z',
};

describe('the job’s photos as output', () => {
  it('Select photos → Create report sends the chosen photos; the report shows as being made, then opens its document when ready', async () => {
    fakePhotoApi(api, photos)
      .on(photoOutputEndpoints.createReport, REPORT)
      .on(photoOutputEndpoints.listReports, { reports: [] }, { reports: [{ ...REPORT, status: 'done', document_id: REPORT.id }] });
    renderWithProviders(<JobPhotos jobId={JOB_ID} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Select photos' }));
    await userEvent.click(screen.getByRole('button', { name: 'Choose photo: North slope' }));
    await userEvent.click(screen.getByRole('button', { name: 'Choose photo: Gutter' }));
    expect(screen.getByText('2 photos chosen')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create photo report' });
    expect(within(dialog).getByText('Chosen photos (2)')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create photo report' }));
    await waitFor(() => expect(api.calls(photoOutputEndpoints.createReport)).toHaveLength(1));
    expect(api.calls(photoOutputEndpoints.createReport)[0]!.body).toEqual({ photo_ids: [photos[0]!.id, photos[1]!.id] });
    const reports = await screen.findByRole('region', { name: 'Photo reports' });
    expect(within(reports).getByText('Being made')).toBeTruthy();
    // Polled while pending: once made, its title opens the document.
    const link = await within(reports).findByRole('link', { name: 'Photo report — Roof' }, { timeout: 6000 });
    expect(link.getAttribute('href')).toBe(`/documents/${REPORT.id}`);
    // Selection ends with the report.
    expect(screen.getByRole('button', { name: 'Select photos' })).toBeTruthy();
  }, 15_000);

  it('Share gallery of a whole stage for 7 days shows the link to copy, email or text; Revoke turns it off', async () => {
    fakePhotoApi(api, photos)
      .on(photoOutputEndpoints.createGallery, GALLERY)
      .on(photoOutputEndpoints.revokeGallery, { ...GALLERY, state: 'revoked', revoked_at: '2026-03-21T10:00:00.000Z', link: null });
    renderWithProviders(<JobPhotos jobId={JOB_ID} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Share gallery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share gallery' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Photos of the stage'), 'after');
    await userEvent.click(within(dialog).getByText('7 days'));
    await userEvent.type(within(dialog).getByLabelText('For (only your team sees this)'), 'Adjuster');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(api.calls(photoOutputEndpoints.createGallery)).toHaveLength(1));
    expect(api.calls(photoOutputEndpoints.createGallery)[0]!.body).toEqual({ stage: 'after', expires_in_days: 7, label: 'Adjuster' });
    expect(((await within(dialog).findByLabelText('Gallery link')) as HTMLInputElement).value).toBe(LINK);
    expect(within(dialog).getByRole('link', { name: 'Email' }).getAttribute('href')).toContain(encodeURIComponent(LINK));
    expect(within(dialog).getByRole('link', { name: 'Text' }).getAttribute('href')).toMatch(/^sms:/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));

    const galleries = await screen.findByRole('region', { name: 'Shared galleries' });
    expect(within(galleries).getByText('Live')).toBeTruthy();
    await userEvent.click(within(galleries).getByRole('button', { name: 'Revoke' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Revoke this gallery link?' })).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.calls(photoOutputEndpoints.revokeGallery)).toHaveLength(1));
    expect(api.calls(photoOutputEndpoints.revokeGallery)[0]!.params.id).toBe(GALLERY.id);
    expect(await within(galleries).findByText('Revoked')).toBeTruthy();
    expect(within(galleries).queryByRole('button', { name: 'Revoke' })).toBeNull();
  }, 15_000);
});
