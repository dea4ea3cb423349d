import { scheduleEndpoints } from '@fieldbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { CalendarFeedCard, subscribeLinks } from './calendar-feed-card';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const FIRST = 'https://fieldbook.example/api/public/calendar-feeds/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const SECOND = 'https://fieldbook.example/api/public/calendar-feeds/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';

describe('the calendar subscription', { timeout: 30_000 }, () => {
  it('makes a link, copies it, offers Google and Apple; reset asks first and shows the new link; Turn off ends it', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = fakeApi()
      .on(scheduleEndpoints.feedStatus, { active: false, created_at: null })
      .on(scheduleEndpoints.resetFeed, { url: FIRST, created_at: '2026-03-10T15:00:00.000Z' }, { url: SECOND, created_at: '2026-03-10T16:00:00.000Z' })
      .on(scheduleEndpoints.removeFeed, { ok: true });
    renderWithProviders(<CalendarFeedCard />);
    const card = await screen.findByRole('region', { name: 'Calendar subscription' });
    expect(within(card).getByText('Subscribe in Google or Apple Calendar')).toBeTruthy();
    await userEvent.click(await within(card).findByRole('button', { name: 'Get my calendar link' }));

    const link = await within(card).findByRole('textbox', { name: 'Your calendar link' });
    expect((link as HTMLInputElement).value).toBe(FIRST);
    await userEvent.click(within(card).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(FIRST);
    expect(await within(card).findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open in Apple Calendar' }).getAttribute('href')).toBe(FIRST.replace('https://', 'webcal://'));
    expect(within(card).getByRole('link', { name: 'Add to Google Calendar' }).getAttribute('href')).toBe(`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(FIRST.replace('https://', 'webcal://'))}`);

    // Reset: nothing is sent until confirmed; then the new link replaces the old one.
    await userEvent.click(within(card).getByRole('button', { name: 'Reset link' }));
    expect(within(card).getByText(/The current link stops working at once/)).toBeTruthy();
    expect(api.calls(scheduleEndpoints.resetFeed)).toHaveLength(1);
    await userEvent.click(within(card).getByRole('button', { name: 'Make a new link' }));
    await waitFor(() => expect((within(card).getByRole('textbox', { name: 'Your calendar link' }) as HTMLInputElement).value).toBe(SECOND));
    expect(api.calls(scheduleEndpoints.resetFeed)).toHaveLength(2);

    await userEvent.click(within(card).getByRole('button', { name: 'Turn off' }));
    expect(await within(card).findByRole('button', { name: 'Get my calendar link' })).toBeTruthy();
    expect(within(card).queryByRole('textbox', { name: 'Your calendar link' })).toBeNull();
    expect(api.calls(scheduleEndpoints.removeFeed)).toHaveLength(1);
    expect(api.problems).toEqual([]);
  });

  it('a link made earlier is on but not shown (only its hash is kept): Reset link or Turn off', async () => {
    fakeApi().on(scheduleEndpoints.feedStatus, { active: true, created_at: '2026-02-01T12:00:00.000Z' });
    renderWithProviders(<CalendarFeedCard />);
    expect(await screen.findByText(/Your calendar link is on \(made February 1, 2026\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset link' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Get my calendar link' })).toBeNull();
  });

  it('subscribes by webcal:// for http and https links', () => {
    expect(subscribeLinks('http://localhost:3000/api/public/calendar-feeds/x').apple).toBe('webcal://localhost:3000/api/public/calendar-feeds/x');
  });
});
