import { scheduleEndpoints } from '@fieldbook/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { fakeScheduleApi, makeVisit } from '../test/fixtures';
import { ScheduleScreen } from './schedule-screen';

afterEach(() => vi.unstubAllGlobals());

const phone = () =>
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, onchange: null, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, dispatchEvent: () => false }));

// Two visits on March 10 (one of two crews' rows on the board, one visit here), one all-day on March 20–21.
const visits = [
  makeVisit(),
  makeVisit({ starts_at: '2026-03-10T19:00:00.000Z', ends_at: '2026-03-10T20:00:00.000Z', job: { id: '00000000-0000-4000-8000-00000000e001', title: 'Gutters', client_name: 'Kim', property_address: null, status: 'active' } }),
  makeVisit({ all_day: true, local_date: '2026-03-20', end_local_date: '2026-03-21', starts_at: '2026-03-20T05:00:00.000Z', ends_at: '2026-03-22T05:00:00.000Z', job: { id: '00000000-0000-4000-8000-00000000e002', title: 'Deck', client_name: null, property_address: null, status: 'active' } }),
];

describe('the month', { timeout: 30_000 }, () => {
  it('asks for the six weeks of the month, shows each day’s visits and count, and a day opens its day view', async () => {
    const api = fakeScheduleApi({ visits });
    renderWithProviders(<ScheduleScreen initialDate="2026-03-10" />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Month' }));
    await waitFor(() => expect(api.calls(scheduleEndpoints.list).at(-1)!.query).toMatchObject({ from: '2026-02-23', to: '2026-04-05' }));
    expect(screen.getByTestId('schedule-range').textContent).toBe('March 2026');
    expect(await screen.findByText('09:00 Roof repair · Lopez')).toBeTruthy();
    expect(screen.getByText('14:00 Gutters · Kim')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'March 10, 2026: 2 visits' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'March 21, 2026: 1 visit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'March 11, 2026: no visits' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(api.calls(scheduleEndpoints.list).at(-1)!.query).toMatchObject({ from: '2026-03-30', to: '2026-05-10' }));
    expect(screen.getByTestId('schedule-range').textContent).toBe('April 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await userEvent.click(await screen.findByRole('button', { name: 'March 10, 2026: 2 visits' }));
    await waitFor(() => expect(api.calls(scheduleEndpoints.list).at(-1)!.query).toMatchObject({ from: '2026-03-10', to: '2026-03-10' }));
    expect((screen.getByRole('radio', { name: 'Day' }) as HTMLInputElement).checked).toBe(true);
    expect(api.problems).toEqual([]);
  });

  it('marks today on the workspace’s clock: at 21:00 in Chicago it is still March 10 there, though March 11 in UTC', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-11T03:00:00Z'));
    try {
      fakeScheduleApi({ visits });
      renderWithProviders(<ScheduleScreen initialDate="2026-03-10" />);
      await userEvent.click(await screen.findByRole('radio', { name: 'Month' }));
      const today = await screen.findByRole('button', { name: 'March 10, 2026: 2 visits, today' });
      expect(today.getAttribute('aria-current')).toBe('date');
      expect(today.hasAttribute('data-today')).toBe(true);
      const utcToday = screen.getByRole('button', { name: 'March 11, 2026: no visits' });
      expect(utcToday.hasAttribute('aria-current')).toBe(false);
      expect(utcToday.hasAttribute('data-today')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('at phone width offers List and Month; the month lists the picked day’s visits', async () => {
    phone();
    const api = fakeScheduleApi({ visits });
    renderWithProviders(<ScheduleScreen initialDate="2026-03-10" />);
    expect(await screen.findByRole('radio', { name: 'List' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Week' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Month' }));
    await waitFor(() => expect(api.calls(scheduleEndpoints.list).at(-1)!.query).toMatchObject({ from: '2026-02-23', to: '2026-04-05' }));
    // March 10 is picked (the date shown): its two visits are listed under the month.
    expect(await screen.findByText('09:00 Roof repair · Lopez')).toBeTruthy();
    expect(screen.getByText('14:00 Gutters · Kim')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'March 20, 2026: 1 visit' }));
    expect(await screen.findByText('Deck')).toBeTruthy();
    expect(screen.queryByText('09:00 Roof repair · Lopez')).toBeNull();
  });
});
