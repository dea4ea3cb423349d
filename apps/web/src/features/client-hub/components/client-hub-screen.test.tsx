import { clientHubEndpoints, HUB_CODE_INVALID, HUB_LINK_REVOKED, workRequestEndpoints, type ClientHub } from '@fieldbook/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ClientHubScreen } from './client-hub-screen';

const TOKEN = '6f1d2c3b-0000-4000-8000-000000000001.1776000000.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

const HUB: ClientHub = {
  company: 'Ridge Line Roofing',
  contractor: { name: 'Alice Ridge', phone: '+15125550100', email: 'alice@ridgeline.example' },
  client_name: 'Maria Garcia',
  time_zone: 'America/Chicago',
  quotes: [
    { number: 'Q-1001', title: 'Roof replacement with a long title that wraps on a phone', status: 'sent', expires_on: '2026-04-09', link: 'http://localhost:3000/q/quote-token' },
    { number: 'Q-1000', title: 'Gutter cleaning', status: 'approved', expires_on: '2026-03-01', link: 'http://localhost:3000/q/old-token' },
  ],
  invoices: [
    { number: 'INV-1001', title: 'Roof deposit', status: 'overdue', total_cents: 150_000, balance_cents: 120_050, due_on: '2026-03-24', link: 'http://localhost:3000/i/invoice-token' },
    { number: 'INV-1000', title: 'Gutter cleaning', status: 'paid', total_cents: 25_000, balance_cents: 0, due_on: '2026-02-10', link: 'http://localhost:3000/i/paid-token' },
  ],
  upcoming_visits: [
    {
      id: '00000000-0000-4000-8000-0000000000a1',
      job_title: 'Roof replacement',
      // 14:00 UTC is 9:00 in Chicago (CDT) — the workspace's clock, whatever the reader's.
      starts_at: '2026-03-12T14:00:00.000Z',
      ends_at: '2026-03-12T17:00:00.000Z',
      all_day: false,
      local_date: '2026-03-12',
      end_local_date: '2026-03-12',
      arrival_start: '08:00',
      arrival_end: '10:00',
      status: 'scheduled',
    },
  ],
  past_visits: [],
  galleries: [{ label: 'Before and after', photo_count: 12, shared_at: '2026-03-11T02:30:00.000Z', link: 'http://localhost:3000/g/gallery-token' }],
  documents: [
    {
      name: 'estimate_Maria_Garcia.pdf',
      label: 'Estimate',
      // Sent at 21:30 on March 10 in Chicago (02:30 UTC on the 11th); its link lives 7 days.
      shared_at: '2026-03-11T02:30:00.000Z',
      link_expires_at: '2026-03-18T02:30:00.000Z',
      link: 'http://localhost:3000/api/shared-documents/doc-token',
    },
  ],
};

beforeEach(() => {
  // A 390 px phone.
  vi.stubGlobal('innerWidth', 390);
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, onchange: null, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, dispatchEvent: () => false }));
});
afterEach(() => vi.unstubAllGlobals());

describe('the client hub (390 px)', () => {
  it('shows each section that has something, in the workspace’s zone and money, with links to the quote and invoice pages', async () => {
    const api = fakeApi().on(clientHubEndpoints.publicView, { state: 'open', hub: HUB });
    renderWithProviders(<ClientHubScreen token={TOKEN} />, { user: null });
    expect(await screen.findByRole('heading', { name: 'Hello, Maria Garcia' })).toBeTruthy();
    expect(api.calls(clientHubEndpoints.publicView)[0]?.params).toEqual({ token: TOKEN });

    const toApprove = screen.getByRole('region', { name: 'Quotes to approve' });
    expect(within(toApprove).getByText('Roof replacement with a long title that wraps on a phone')).toBeTruthy();
    expect(within(toApprove).getByText('Quote Q-1001 · valid until April 9, 2026')).toBeTruthy();
    // The app's own page: opened in-app, so the quote page can link back to this hub (its token in the history state).
    expect(within(toApprove).getByRole('link', { name: 'Review and approve' }).getAttribute('href')).toBe('/q/quote-token');
    expect(within(screen.getByRole('region', { name: 'Your decisions' })).getByText('Approved')).toBeTruthy();

    const toPay = screen.getByRole('region', { name: 'Invoices to pay' });
    expect(within(toPay).getByText('$1,200.50 due')).toBeTruthy();
    expect(within(toPay).getByText('Overdue')).toBeTruthy();
    expect(within(toPay).getByRole('link', { name: 'View and pay' }).getAttribute('href')).toBe('http://localhost:3000/i/invoice-token');
    const receipts = screen.getByRole('region', { name: 'Receipts' });
    expect(within(receipts).getByText('Invoice INV-1000 · $250.00')).toBeTruthy();

    const visits = screen.getByRole('region', { name: 'Upcoming visits' });
    expect(within(visits).getByText('Thu, Mar 12, 2026 · 9:00 AM – 12:00 PM')).toBeTruthy();
    expect(within(visits).getByText('Arrival between 8:00 AM and 10:00 AM')).toBeTruthy();
    // No past visits: no section for them.
    expect(screen.queryByRole('region', { name: 'Past visits' })).toBeNull();

    // Shared at 21:30 on March 10 in Chicago (02:30 UTC on the 11th): the workspace's day.
    const photos = screen.getByRole('region', { name: 'Shared photos' });
    expect(within(photos).getByRole('link', { name: 'Before and after' }).getAttribute('href')).toBe('http://localhost:3000/g/gallery-token');
    expect(within(photos).getByText('12 photos · shared March 10, 2026')).toBeTruthy();

    // Documents sent to her: each downloads by its send's link; the days are the workspace's.
    const documents = screen.getByRole('region', { name: 'Documents' });
    const download = within(documents).getByRole('link', { name: 'Download Estimate: estimate_Maria_Garcia.pdf' });
    expect(download.getAttribute('href')).toBe('http://localhost:3000/api/shared-documents/doc-token');
    expect(within(documents).getByText('Sent March 10, 2026 · download until March 17, 2026')).toBeTruthy();

    const contact = screen.getByRole('region', { name: 'Contact Ridge Line Roofing' });
    expect(within(contact).getByText('Alice Ridge')).toBeTruthy();
    expect(within(contact).getByRole('link', { name: 'Call +15125550100' }).getAttribute('href')).toBe('tel:+15125550100');
    expect(within(contact).getByText('(512) 555-0100')).toBeTruthy();
    expect(within(contact).getByRole('link', { name: 'alice@ridgeline.example' }).getAttribute('href')).toBe('mailto:alice@ridgeline.example');
    expect(api.problems).toEqual([]);
  });

  it('a client with nothing yet: no empty sections, a line saying what will come', async () => {
    fakeApi().on(clientHubEndpoints.publicView, { state: 'open', hub: { ...HUB, quotes: [], invoices: [], upcoming_visits: [], past_visits: [], galleries: [], documents: [], contractor: { name: null, phone: null, email: null } } });
    renderWithProviders(<ClientHubScreen token={TOKEN} />, { user: null });
    expect(await screen.findByText('Nothing here yet. Quotes, invoices, visits, photos and documents from Ridge Line Roofing will show here.')).toBeTruthy();
    for (const name of ['Quotes to approve', 'Your decisions', 'Invoices to pay', 'Receipts', 'Upcoming visits', 'Past visits', 'Shared photos', 'Documents']) expect(screen.queryByRole('region', { name })).toBeNull();
  });

  it('an old link: a code to her own phone, a wrong one refused with the server’s words, the right one opens the page', async () => {
    const user = userEvent.setup();
    const api = fakeApi()
      .on(clientHubEndpoints.publicView, { state: 'confirm', company: 'Ridge Line Roofing', destinations: [{ method: 'sms', hint: '•••• 0199' }, { method: 'email', hint: 'm…@example.com' }] }, { state: 'open', hub: HUB })
      .on(clientHubEndpoints.publicSendCode, { method: 'sms', hint: '•••• 0199', expires_at: '2026-03-24T15:10:00.000Z' })
      .on(clientHubEndpoints.publicConfirm, apiError(400, 'VALIDATION_ERROR', HUB_CODE_INVALID), { ok: true, session_expires_at: '2026-03-25T03:00:00.000Z' });
    renderWithProviders(<ClientHubScreen token={TOKEN} />, { user: null });
    expect(await screen.findByRole('heading', { name: 'Confirm it’s you' })).toBeTruthy();
    // Nothing of her work before the code.
    expect(screen.queryByText(/Roof replacement/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Text a code to •••• 0199' }));
    expect(api.calls(clientHubEndpoints.publicSendCode)[0]?.body).toEqual({ method: 'sms' });
    expect(await screen.findByText(/we sent it by text to •••• 0199/)).toBeTruthy();

    const typeCode = async (code: string) => {
      const boxes = screen.getAllByRole('textbox');
      await user.click(boxes[0]!);
      await user.keyboard(code);
      await user.click(screen.getByRole('button', { name: 'Open my page' }));
    };
    await typeCode('111111');
    expect(await screen.findByText(HUB_CODE_INVALID)).toBeTruthy();
    await user.clear(screen.getAllByRole('textbox')[0]!);
    await typeCode('424242');
    expect(await screen.findByRole('heading', { name: 'Hello, Maria Garcia' })).toBeTruthy();
    expect(api.calls(clientHubEndpoints.publicConfirm).map((c) => c.body)).toEqual([{ code: '111111' }, { code: '424242' }]);
    expect(api.problems).toEqual([]);
  });

  it('a turned-off link: a clear page with the server’s reason, nothing else', async () => {
    fakeApi().on(clientHubEndpoints.publicView, apiError(410, 'GONE', HUB_LINK_REVOKED('Ridge Line Roofing')));
    renderWithProviders(<ClientHubScreen token={TOKEN} />, { user: null });
    expect(await screen.findByText('Your page is unavailable')).toBeTruthy();
    expect(screen.getByText('Ridge Line Roofing has turned this link off. Ask them to send you a new one.')).toBeTruthy();
  });

  it('Request work: the work-requests form without contact fields, sent with this page’s token', async () => {
    const user = userEvent.setup();
    const api = fakeApi()
      .on(clientHubEndpoints.publicView, { state: 'open', hub: HUB })
      .on(workRequestEndpoints.hubSubmit, { received: true, photo_token: 'photo-token', max_photos: 5 });
    renderWithProviders(<ClientHubScreen token={TOKEN} />, { user: null });
    await user.click(await screen.findByRole('button', { name: 'Request work' }));
    const form = screen.getByRole('region', { name: 'Request work' });
    // The hub knows who asks: no name, phone or email to type.
    expect(within(form).queryByLabelText(/Your name/)).toBeNull();
    await user.type(within(form).getByLabelText(/What do you need done/), 'A leak over the kitchen');
    await user.type(within(form).getByLabelText(/Address of the work/), '12 Oak Street');
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Thank you — Ridge Line Roofing has your request and will be in touch.')).toBeTruthy();
    expect(api.calls(workRequestEndpoints.hubSubmit)).toMatchObject([{ params: { token: TOKEN }, body: { what: 'A leak over the kitchen', address: '12 Oak Street', preferred_times: '' } }]);
    expect(api.problems).toEqual([]);
  });
});
