import { notificationEndpoints, type Notification } from '@fieldbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { NotificationBell } from './notification-bell';

afterEach(() => vi.unstubAllGlobals());

const JOB = '00000000-0000-4000-8000-000000000001';
const QUOTE = '00000000-0000-4000-8000-000000000002';
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const approved: Notification = {
  id: '00000000-0000-4000-8000-0000000000a1',
  kind: 'quote_approved',
  title: 'Quote Q-1001 approved by Maria Garcia',
  body: 'Roof replacement (Better) · $5,585.70 · 12 Oak Street, Austin TX',
  link: `/jobs/${JOB}?quote=${QUOTE}`,
  job_id: JOB,
  created_at: minutesAgo(5),
  read_at: null,
};
const declined: Notification = { ...approved, id: '00000000-0000-4000-8000-0000000000a2', kind: 'quote_declined', title: 'Quote Q-1000 declined', body: 'Deck · Reason: Too expensive', created_at: minutesAgo(120), read_at: minutesAgo(60) };

/** The bell in a header, and where the app is. */
function Header() {
  const location = useLocation();
  return (
    <>
      <NotificationBell />
      <output data-testid="at">{location.pathname + location.search}</output>
    </>
  );
}

/** A server with the caller's notifications: reading changes the count, as the real one does. */
function server(rows: Notification[]) {
  let unread = new Set(rows.filter((n) => n.read_at === null).map((n) => n.id));
  return fakeApi()
    .on(notificationEndpoints.unreadCount, () => ({ unread: Math.min(unread.size, 100) }))
    .on(notificationEndpoints.list, () => ({ notifications: rows.map((n) => ({ ...n, read_at: unread.has(n.id) ? null : (n.read_at ?? minutesAgo(0)) })), total: rows.length, unread: unread.size }))
    .on(notificationEndpoints.markRead, ({ params }) => {
      unread.delete(params.id);
      return { ...rows.find((n) => n.id === params.id)!, read_at: minutesAgo(0) };
    })
    .on(notificationEndpoints.markAllRead, () => {
      const marked = unread.size;
      unread = new Set();
      return { marked };
    });
}

describe('NotificationBell', () => {
  it('shows the unread count; a notification opens its quote on the job and is marked read', async () => {
    const api = server([approved, declined]);
    renderWithProviders(<Header />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const item = await within(panel).findByRole('button', { name: 'Unread: Quote Q-1001 approved by Maria Garcia' });
    expect(within(panel).getByText('Roof replacement (Better) · $5,585.70 · 12 Oak Street, Austin TX')).toBeTruthy();
    expect(within(panel).getByText('5 min. ago')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Quote Q-1000 declined' })).toBeTruthy(); // already read
    await userEvent.click(item);
    expect(screen.getByTestId('at').textContent).toBe(`/jobs/${JOB}?quote=${QUOTE}`);
    await waitFor(() => expect(api.calls(notificationEndpoints.markRead).map((c) => c.params.id)).toEqual([approved.id]));
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
    expect(api.problems).toEqual([]);
  });

  it('Mark all read clears the count', async () => {
    const api = server([approved, { ...declined, read_at: null }]);
    renderWithProviders(<Header />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(api.calls(notificationEndpoints.markAllRead)).toHaveLength(1));
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Mark all read' })).toHaveProperty('disabled', true));
    expect(api.problems).toEqual([]);
  });

  it('an empty list says what will come', async () => {
    fakeApi().on(notificationEndpoints.unreadCount, { unread: 0 }).on(notificationEndpoints.list, { notifications: [], total: 0, unread: 0 });
    renderWithProviders(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet. You will see here when a client approves or declines a quote.')).toBeTruthy();
  });

  it('counts up to 99+', async () => {
    fakeApi().on(notificationEndpoints.unreadCount, { unread: 100 });
    renderWithProviders(<NotificationBell />);
    expect(await screen.findByRole('button', { name: 'Notifications, 99+ unread' })).toBeTruthy();
    expect(screen.getByText('99+')).toBeTruthy();
  });
});
