import { workRequestEndpoints, workspaceEndpoints, type WorkRequest, type WorkRequestDetail } from '@fieldbook/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { RequestsScreen } from './requests-screen';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const request = (n: number, over: Partial<WorkRequest> = {}): WorkRequest => ({
  id: uuid(n),
  status: 'new',
  source: 'link',
  what: `Leak over the kitchen ${n}`,
  address: '12 Elm St, Springfield',
  preferred_times: 'Weekday mornings',
  name: n === 1 ? 'Maria Garcia' : 'Sam Lee',
  phone: '5552013344',
  email: 'maria@example.com',
  photo_count: n === 1 ? 2 : 0,
  job_id: null,
  contact_id: null,
  decided_at: null,
  created_at: '2026-12-01T15:00:00.000Z',
  ...over,
});
const detail = (r: WorkRequest): WorkRequestDetail => ({ ...r, photos: [{ id: uuid(50), content_type: 'image/jpeg', byte_size: 1000, url: '/api/work-request-images/signed' }] });

let api: FakeApi;
// Times show in the workspace's zone: 15:00 UTC is 9:00 AM in Chicago.
const WORKSPACE = { id: uuid(70), name: 'Ridge Line Roofing', description: null, owner_id: uuid(71), privacy_setting: 'private' as const, drive_integration_enabled: false, default_group_visibility: 'invite_only' as const, time_zone: 'America/Chicago', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z', deleted_at: null };
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, onchange: null, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, dispatchEvent: () => false }));
  api = fakeApi()
    .on(workspaceEndpoints.mine, { workspace: WORKSPACE, suggested_name: 'Ridge Line Roofing', can_edit: true })
    .on(workRequestEndpoints.list, ({ query }) =>
      query.status === 'new' ? { requests: [request(1), request(2)], total: 2, new_count: 2 } : { requests: [request(3, { status: 'converted', job_id: uuid(90) })], total: 1, new_count: 2 },
    )
    .on(workRequestEndpoints.get, ({ params }) => detail(request(Number(params.id.slice(-2)))))
    .on(workRequestEndpoints.convert, ({ params }) => ({ request: request(Number(params.id.slice(-2)), { status: 'converted', job_id: uuid(91), contact_id: uuid(92) }), job_id: uuid(91), contact_id: uuid(92), contact_created: true, photos_on_job: 2 }))
    .on(workRequestEndpoints.decline, ({ params }) => request(Number(params.id.slice(-2)), { status: 'declined' }))
    .on(workRequestEndpoints.link, { url: 'https://app.example/r/abcdefghijklmnopqrstuvwxyz012345', snippet: '<a href="https://app.example/r/abcdefghijklmnopqrstuvwxyz012345" target="_blank" rel="noopener">Request work</a>', can_reset: true });
});
afterEach(() => vi.unstubAllGlobals());

const renderScreen = (route = '/requests') =>
  renderWithProviders(
    <Routes>
      <Route path="/requests/:requestId?" element={<RequestsScreen />} />
      <Route path="/jobs/:jobId" element={<p>Job page</p>} />
    </Routes>,
    { route },
  );

describe('the office’s Requests (390 px)', () => {
  it('lists new requests as cards with their photos’ count; the tabs show converted ones', async () => {
    const user = userEvent.setup();
    renderScreen();
    const rows = await screen.findAllByTestId('request-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Maria Garcia')).toBeTruthy();
    expect(within(rows[0]!).getByText('2 photos')).toBeTruthy();
    expect(await within(rows[0]!).findByText(/12 Elm St, Springfield · Dec 1, 2026, 9:00\sAM/)).toBeTruthy();
    expect(within(rows[1]!).queryByText(/photo/)).toBeNull();
    expect(screen.getByText('New (2)')).toBeTruthy();
    await user.click(screen.getByText('Converted'));
    expect(await screen.findByText('Leak over the kitchen 3')).toBeTruthy();
    expect(api.calls(workRequestEndpoints.list).map((c) => c.query.status)).toEqual(['new', 'converted']);
    expect(api.problems).toEqual([]);
  });

  it('opens a request; Create job makes the job once, says its photos are on the job, and links to it', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click((await screen.findAllByTestId('request-row'))[0]!);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Weekday mornings')).toBeTruthy();
    expect(within(drawer).getByText('(555) 201-3344').closest('a')!.getAttribute('href')).toBe('tel:5552013344');
    expect(within(drawer).getByRole('img', { name: 'Photo 1 of the request' }).getAttribute('src')).toContain('/api/work-request-images/signed');
    await user.click(within(drawer).getByRole('button', { name: 'Create job' }));
    expect(await within(drawer).findByText('Job created')).toBeTruthy();
    // The photos she sent are on the job now (the server copies them to the job's Photos).
    expect(within(drawer).getByText('Maria Garcia was added to your contacts. Their 2 photos are on the job’s Photos.')).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Open job' }).getAttribute('href')).toBe(`/jobs/${uuid(91)}`);
    expect(within(drawer).queryByRole('button', { name: 'Create job' })).toBeNull();
    expect(api.calls(workRequestEndpoints.convert)).toHaveLength(1);
    expect(api.calls(workRequestEndpoints.convert)[0]!.params.id).toBe(uuid(1));
  });

  it('Decline sends the decline', async () => {
    const user = userEvent.setup();
    renderScreen(`/requests/${uuid(2)}`);
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('button', { name: 'Decline' }));
    expect(api.calls(workRequestEndpoints.decline)[0]!.params.id).toBe(uuid(2));
  });

  it('shows the Request work link and its HTML snippet to copy; an admin may reset it', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(screen.getByRole('button', { name: 'Request work link' }));
    expect(((await screen.findByLabelText('Link')) as HTMLInputElement).value).toBe('https://app.example/r/abcdefghijklmnopqrstuvwxyz012345');
    expect((screen.getByLabelText('HTML for your website') as HTMLTextAreaElement).value).toContain('>Request work</a>');
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset link' })).toBeTruthy();
  });
});
