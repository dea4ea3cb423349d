import { WORK_REQUEST_LINK_INVALID, workRequestEndpoints } from '@fieldbook/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, type FakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { leadingZeroBits } from '../lib/proof-of-work';
import { PublicRequestScreen } from './public-request-screen';

const PHOTO_ID = '00000000-0000-4000-8000-0000000000p1'.replace('p', 'a');
let api: FakeApi;

beforeEach(() => {
  // A 390 px phone.
  vi.stubGlobal('innerWidth', 390);
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, onchange: null, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, dispatchEvent: () => false }));
  api = fakeApi()
    .on(workRequestEndpoints.publicForm, { company: 'Ridge Line Roofing' })
    // A small difficulty: the search is the real one (Web Crypto), kept quick for the test.
    .on(workRequestEndpoints.publicChallenge, { challenge: 'ws.1893456000.6.0123456789abcdef0123456789abcdef.mac', difficulty: 6, expires_at: '2030-01-01T00:00:00.000Z' })
    .on(workRequestEndpoints.publicSubmit, { received: true, photo_token: 'photo-token', max_photos: 5 })
    .on(workRequestEndpoints.publicPhoto, { id: PHOTO_ID });
});
afterEach(() => vi.unstubAllGlobals());

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/What do you need done/), 'Leak over the kitchen');
  await user.type(screen.getByLabelText(/Address of the work/), '12 Elm St');
  await user.type(screen.getByLabelText('Preferred times'), 'Mornings');
  await user.type(screen.getByLabelText(/Your name/), 'Maria Garcia');
  await user.type(screen.getByLabelText(/Phone/), '(555) 201-3344');
  await user.type(screen.getByLabelText('Email'), 'maria@example.com');
}

describe('the public Request work page (390 px)', () => {
  it('checks the fields with the contract’s messages before sending anything', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PublicRequestScreen token="link-token-0123456789abcdef" />, { user: null });
    expect(await screen.findByText('Ridge Line Roofing')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Describe the work you need')).toBeTruthy();
    expect(screen.getByText('Enter the address of the work')).toBeTruthy();
    expect(screen.getByText('Contact name is required')).toBeTruthy();
    expect(screen.getByText('Phone number is required')).toBeTruthy();
    expect(api.calls(workRequestEndpoints.publicChallenge)).toHaveLength(0);
    expect(api.calls(workRequestEndpoints.publicSubmit)).toHaveLength(0);
  });

  it('sends the form with a solved challenge and an empty honeypot, then its photo by the answer’s token', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PublicRequestScreen token="link-token-0123456789abcdef" />, { user: null });
    await screen.findByText('Ridge Line Roofing');
    // The honeypot is not offered to people (nor to screen readers).
    expect(screen.queryByRole('textbox', { name: 'Website' })).toBeNull();
    await fill(user);
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'roof.jpg', { type: 'image/jpeg' });
    await user.upload(document.querySelector('input[type=file]') as HTMLInputElement, photo);
    expect(screen.getByText(/roof\.jpg/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Thank you — Ridge Line Roofing has your request and will be in touch.', {}, { timeout: 5000 })).toBeTruthy();

    const [sent] = api.calls(workRequestEndpoints.publicSubmit);
    expect(sent!.params.token).toBe('link-token-0123456789abcdef');
    expect(sent!.body).toMatchObject({ what: 'Leak over the kitchen', address: '12 Elm St', preferred_times: 'Mornings', name: 'Maria Garcia', phone: '5552013344', email: 'maria@example.com', website: '' });
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${sent!.body.challenge}:${sent!.body.nonce}`)));
    expect(leadingZeroBits(digest)).toBeGreaterThanOrEqual(6);
    const [upload] = api.calls(workRequestEndpoints.publicPhoto);
    expect(upload!.params.token).toBe('photo-token');
    expect((upload!.form!.get('file') as File).name).toBe('roof.jpg');
    expect(api.problems).toEqual([]);
  });

  it('shows the server’s refusal on its field (a 400) and keeps what was typed', async () => {
    api.on(workRequestEndpoints.publicSubmit, apiError(400, 'VALIDATION_ERROR', 'Invalid request', [{ field: 'phone', message: 'Please enter a valid US phone number' }]));
    const user = userEvent.setup();
    renderWithProviders(<PublicRequestScreen token="link-token-0123456789abcdef" />, { user: null });
    await screen.findByText('Ridge Line Roofing');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Please enter a valid US phone number', {}, { timeout: 5000 })).toBeTruthy();
    expect((screen.getByLabelText(/What do you need done/) as HTMLTextAreaElement).value).toBe('Leak over the kitchen');
  });

  it('a reset or unknown link says so', async () => {
    api.on(workRequestEndpoints.publicForm, apiError(404, 'NOT_FOUND', WORK_REQUEST_LINK_INVALID));
    renderWithProviders(<PublicRequestScreen token="old-token-0123456789abcdef" />, { user: null });
    expect(await screen.findByText('Request form unavailable')).toBeTruthy();
    expect(screen.getByText(WORK_REQUEST_LINK_INVALID)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send request' })).toBeNull());
  });
});
