import { scheduleEndpoints, VISIT_VERSION_CONFLICT } from '@fieldbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { CHICAGO, fakeScheduleApi, makeCrew, makeVisit } from '../test/fixtures';
import { ScheduleScreen } from './schedule-screen';

afterEach(() => vi.unstubAllGlobals());

const north = makeCrew('North crew');

async function openMenuItem(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'Visit actions: Roof repair · Lopez' }));
  await userEvent.click(await screen.findByRole('menuitem', { name, hidden: true }));
}
const visit = makeVisit({ crews: [{ id: north.id, name: north.name, colour: north.colour }] });

describe('the schedule', { timeout: 30_000 }, () => {
  it('shows the week with crews and Unassigned as rows and the range asked of the server', async () => {
    const api = fakeScheduleApi({ visits: [visit], crews: [north] });
    renderWithProviders(<ScheduleScreen initialDate="2026-03-10" />);
    expect(await screen.findByText('North crew')).toBeTruthy();
    expect(screen.getByText('Unassigned')).toBeTruthy();
    expect(screen.getAllByText(/Roof repair · Lopez/).length).toBeGreaterThan(0);
    expect(screen.getByTestId('schedule-range').textContent).toBe('2026-03-09 – 2026-03-15');
    expect(api.calls(scheduleEndpoints.list)[0]!.query).toMatchObject({ from: '2026-03-09', to: '2026-03-15' });

    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(api.calls(scheduleEndpoints.list).at(-1)!.query).toMatchObject({ from: '2026-03-16', to: '2026-03-22' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Day' }));
    await waitFor(() => expect(api.calls(scheduleEndpoints.list).at(-1)!.query).toMatchObject({ from: '2026-03-17', to: '2026-03-17' }));
    expect(api.problems).toEqual([]);
  });

  it('lists the range’s visits with their time in the workspace zone, status and arrival window', async () => {
    fakeScheduleApi({ visits: [visit], crews: [north] });
    renderWithProviders(<ScheduleScreen initialDate="2026-03-10" />);
    await userEvent.click(await screen.findByRole('radio', { name: 'List' }));
    const list = await screen.findByRole('list', { name: 'Visits' });
    expect(within(list).getByText((_, el) => el?.getAttribute('data-testid') === 'visit-when' && el.textContent === 'Tue 2026-03-10 · 09:00–11:00')).toBeTruthy();
    expect(within(list).getByText('Arrival 8:00–10:00 am')).toBeTruthy();
    expect(within(list).getByText('Scheduled')).toBeTruthy();
    expect(within(list).getByText('North crew')).toBeTruthy();
  });

  it('moves a visit with the Move visit dialog: the board’s version, wall-clock times as instants, the new crew', async () => {
    const south = makeCrew('South crew');
    const api = fakeScheduleApi({ visits: [visit], crews: [north, south] }).on(scheduleEndpoints.update, ({ body }) => ({ ...visit, version: 2, conflicts: [], starts_at: body.starts_at! }));
    renderWithProviders(<ScheduleScreen initialDate="2026-03-10" />);
    await userEvent.click(await screen.findByRole('radio', { name: 'List' }));
    await openMenuItem('Move visit');
    const dialog = await screen.findByRole('dialog', { name: 'Move visit' });
    const time = within(dialog).getByLabelText('Start time');
    await userEvent.clear(time);
    await userEvent.type(time, '13:30');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Crew' }));
    await userEvent.click(await screen.findByRole('option', { name: 'South crew', hidden: true }));
    expect(within(dialog).queryByText('Change which visits?')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Move visit' })).toBeNull());
    expect(api.calls(scheduleEndpoints.update)[0]!.body).toEqual({
      version: 1,
      scope: 'this',
      all_day: false,
      starts_at: '2026-03-10T18:30:00.000Z',
      ends_at: '2026-03-10T20:30:00.000Z',
      crew_ids: [south.id],
      confirm_overlap: false,
    });
  });

  it('asks which visits of a repeating one change, and sends the scope', async () => {
    const repeating = makeVisit({ recurrence: { series_id: '00000000-0000-4000-8000-0000000000ee', rrule: 'FREQ=WEEKLY;BYDAY=TU', occurrence_date: '2026-03-10', is_exception: false }, version: 4 });
    const api = fakeScheduleApi({ visits: [repeating], crews: [north] }).on(scheduleEndpoints.update, { ...repeating, conflicts: [] });
    renderWithProviders(<ScheduleScreen initialDate="2026-03-10" />);
    await userEvent.click(await screen.findByRole('radio', { name: 'List' }));
    await openMenuItem('Move visit');
    const dialog = await screen.findByRole('dialog', { name: 'Move visit' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'This and following' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(api.calls(scheduleEndpoints.update)).toHaveLength(1));
    expect(api.calls(scheduleEndpoints.update)[0]!.body).toMatchObject({ version: 4, scope: 'this_and_following', starts_at: '2026-03-10T14:00:00.000Z', ends_at: '2026-03-10T16:00:00.000Z' });
  });

  it('a stale version shows the server’s message and reloads the board', async () => {
    const api = fakeScheduleApi({ visits: [visit], crews: [north] }).on(scheduleEndpoints.update, apiError(409, 'CONFLICT', VISIT_VERSION_CONFLICT));
    renderWithProviders(<ScheduleScreen initialDate="2026-03-10" />);
    await userEvent.click(await screen.findByRole('radio', { name: 'List' }));
    await openMenuItem('Move visit');
    const dialog = await screen.findByRole('dialog', { name: 'Move visit' });
    const loads = api.calls(scheduleEndpoints.list).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText(VISIT_VERSION_CONFLICT)).toBeTruthy();
    await waitFor(() => expect(api.calls(scheduleEndpoints.list).length).toBeGreaterThan(loads));
  });

  it('an overlap 409 asks to confirm, then saves with confirm_overlap', async () => {
    const api = fakeScheduleApi({ visits: [visit], crews: [north] }).on(
      scheduleEndpoints.update,
      apiError(409, 'CONFLICT', 'This visit overlaps another visit of the same crew or person. Choose Save anyway to keep it.', [{ field: 'confirm_overlap', message: 'Gutters (Kim): 2026-03-10 10:00–11:30' }]),
      { ...visit, version: 2, conflicts: [] },
    );
    renderWithProviders(<ScheduleScreen initialDate="2026-03-10" />);
    await userEvent.click(await screen.findByRole('radio', { name: 'List' }));
    await openMenuItem('Move visit');
    const dialog = await screen.findByRole('dialog', { name: 'Move visit' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText('Gutters (Kim): 2026-03-10 10:00–11:30')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(api.calls(scheduleEndpoints.update)).toHaveLength(2));
    expect(api.calls(scheduleEndpoints.update)[1]!.body).toMatchObject({ version: 1, confirm_overlap: true });
  });

  it('a member sees the board without New visit, the tray or Move visit', async () => {
    const api = fakeScheduleApi({ visits: [visit], crews: [north], isOwner: false });
    renderWithProviders(<ScheduleScreen initialDate="2026-03-10" />);
    await userEvent.click(await screen.findByRole('radio', { name: 'List' }));
    await screen.findByRole('list', { name: 'Visits' });
    expect(screen.queryByRole('button', { name: 'New visit' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Visit actions/ })).toBeNull();
    expect(api.calls(scheduleEndpoints.unscheduled)).toHaveLength(0);
    void CHICAGO;
  });

  it('cancels a repeating visit from its menu with the version and the scope chosen', async () => {
    const repeating = makeVisit({ recurrence: { series_id: '00000000-0000-4000-8000-0000000000ee', rrule: 'FREQ=WEEKLY;BYDAY=TU', occurrence_date: '2026-03-10', is_exception: false }, version: 3 });
    const api = fakeScheduleApi({ visits: [repeating], crews: [north] }).on(scheduleEndpoints.cancel, { ...repeating, status: 'cancelled' });
    renderWithProviders(<ScheduleScreen initialDate="2026-03-10" />);
    await userEvent.click(await screen.findByRole('radio', { name: 'List' }));
    await openMenuItem('Cancel visit');
    const dialog = await screen.findByRole('dialog', { name: 'Cancel visit' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'All visits' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel visit' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel visit' })).toBeNull());
    expect(api.calls(scheduleEndpoints.cancel)[0]).toMatchObject({ params: { id: repeating.id }, body: { version: 3, scope: 'all' } });
  });
});
