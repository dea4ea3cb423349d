import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clientMessageEndpoints, workspaceEndpoints, type ClientMessageLog, type ContactOptOut, type MyWorkspace } from '@fieldbook/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api';
import { renderWithProviders, TEST_USER } from '../../../test/render';
import { ContactMessagesPanel } from './contact-messages-panel';

afterEach(() => vi.unstubAllGlobals());

const CONTACT = '00000000-0000-4000-8000-0000000000c1';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const MINE: MyWorkspace = {
  workspace: {
    id: uuid(99),
    name: 'Lopez Roofing',
    description: null,
    owner_id: TEST_USER.id,
    privacy_setting: 'limited',
    drive_integration_enabled: true,
    default_group_visibility: 'invite_only',
    time_zone: 'America/Chicago',
    created_at: '2026-01-05T10:00:00.000Z',
    updated_at: '2026-01-05T10:00:00.000Z',
    deleted_at: null,
  },
  suggested_name: 'Lopez Roofing',
  can_edit: true,
};

const LOG: ClientMessageLog = {
  items: [
    { id: uuid(1), rule: 'visit_booked', channel: 'sms', address: '+13125550100', status: 'sent', reason: 'Visit on Tuesday, March 3 booked', job_id: uuid(7), created_at: '2026-03-03T03:30:00.000Z' },
    { id: uuid(2), rule: 'quote_follow_up', channel: 'email', address: 'maria@example.com', status: 'skipped', reason: 'Opted out of emails', job_id: null, created_at: '2026-03-01T14:05:00.000Z' },
  ],
  total: 2,
};

const OPT_OUT: ContactOptOut = {
  sms: { address: '+13125550100', opted_out: false, opted_out_at: null, source: null },
  email: { address: 'maria@example.com', opted_out: true, opted_out_at: '2026-02-28T18:00:00.000Z', source: 'email_link' },
};

describe('ContactMessagesPanel', () => {
  it('asks nothing until opened (the contact drawer opens offline too)', () => {
    const api = fakeApi();
    renderWithProviders(<ContactMessagesPanel contactId={CONTACT} />);
    expect(screen.getByRole('button', { name: 'Show log and opt-outs' })).toBeTruthy();
    expect(api.requests).toEqual([]);
  });

  it('lists what was sent or skipped and why, with the time in the workspace’s zone, the channel and the address', async () => {
    const api = fakeApi().on(workspaceEndpoints.mine, MINE).on(clientMessageEndpoints.contactLog, LOG).on(clientMessageEndpoints.contactOptOut, OPT_OUT);
    renderWithProviders(<ContactMessagesPanel contactId={CONTACT} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show log and opt-outs' }));
    const rows = await screen.findAllByTestId('client-message-log-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('Visit booked')).toBeTruthy();
    expect(first.getByText('Sent')).toBeTruthy();
    expect(first.getByText('Visit on Tuesday, March 3 booked')).toBeTruthy();
    // 03:30 UTC on March 3 is the evening before in Chicago, whatever the browser's zone.
    expect(first.getByText('Mon, Mar 2, 2026, 9:30 PM CST · Text to +13125550100')).toBeTruthy();
    const second = within(rows[1]!);
    expect(second.getByText('Quote follow-up')).toBeTruthy();
    expect(second.getByText('Skipped')).toBeTruthy();
    expect(second.getByText('Sun, Mar 1, 2026, 8:05 AM CST · Email to maria@example.com')).toBeTruthy();
    expect(screen.getByText('Times in the workspace’s time zone (America/Chicago).')).toBeTruthy();
    expect(api.calls(clientMessageEndpoints.contactLog)[0]?.params).toEqual({ id: CONTACT });
    expect(api.problems).toEqual([]);
  });

  it('shows each channel’s opt-out and how it came; the office opts a channel out or back in', async () => {
    const api = fakeApi()
      .on(workspaceEndpoints.mine, MINE)
      .on(clientMessageEndpoints.contactLog, { items: [], total: 0 })
      .on(clientMessageEndpoints.contactOptOut, OPT_OUT)
      .on(clientMessageEndpoints.updateContactOptOut, ({ body }): ContactOptOut => ({
        sms: body.sms ? { ...OPT_OUT.sms, opted_out: true, opted_out_at: '2026-03-05T15:00:00.000Z', source: 'office' } : OPT_OUT.sms,
        email: OPT_OUT.email,
      }));
    renderWithProviders(<ContactMessagesPanel contactId={CONTACT} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show log and opt-outs' }));
    const email = within(await screen.findByTestId('opt-out-email'));
    expect(email.getByText('Opted out')).toBeTruthy();
    expect(email.getByText('maria@example.com · opted out by the email’s unsubscribe link, Sat, Feb 28, 2026, 12:00 PM CST')).toBeTruthy();
    expect(email.getByRole('button', { name: 'Opt back in to emails' })).toBeTruthy();
    expect(screen.getByText('Nothing sent automatically to this contact yet.')).toBeTruthy();
    const sms = within(screen.getByTestId('opt-out-sms'));
    expect(sms.getByText('Receiving')).toBeTruthy();
    fireEvent.click(sms.getByRole('button', { name: 'Mark opted out of texts' }));
    await waitFor(() => expect(sms.getByText('Opted out')).toBeTruthy());
    expect(sms.getByText('+13125550100 · opted out by the office, Thu, Mar 5, 2026, 9:00 AM CST')).toBeTruthy();
    expect(api.calls(clientMessageEndpoints.updateContactOptOut).map((c) => c.body)).toEqual([{ sms: true }]);
    expect(api.problems).toEqual([]);
  });

  it('a contact without a phone says so, with no switch; a refused change shows the server’s words', async () => {
    fakeApi()
      .on(workspaceEndpoints.mine, MINE)
      .on(clientMessageEndpoints.contactLog, { items: [], total: 0 })
      .on(clientMessageEndpoints.contactOptOut, { ...OPT_OUT, sms: { address: null, opted_out: false, opted_out_at: null, source: null } })
      .on(clientMessageEndpoints.updateContactOptOut, apiError(404, 'NOT_FOUND', 'Contact not found'));
    renderWithProviders(<ContactMessagesPanel contactId={CONTACT} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show log and opt-outs' }));
    expect(await screen.findByText('Texts: no phone number on this contact')).toBeTruthy();
    expect(screen.queryByTestId('opt-out-sms')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Opt back in to emails' }));
    expect(await screen.findByText('Contact not found')).toBeTruthy();
  });
});
