import { jobEndpoints, scheduleEndpoints, type Job } from '@fieldbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { fakeScheduleApi, makeCrew, makeVisit } from '../test/fixtures';
import { ScheduleScreen } from './schedule-screen';

afterEach(() => vi.unstubAllGlobals());

const crew = makeCrew('North crew');
const job = { id: '00000000-0000-4000-8000-00000000a001', title: 'Gutter clean', client_name: 'Kim', property_address: '3 Elm St', status: 'active' };
const tray = {
  jobs: [{ ...job, created_at: '2026-03-01T00:00:00.000Z' }],
  approved_quotes: [{ id: '00000000-0000-4000-8000-00000000b001', number: 'Q-1004', title: 'New roof', approved_at: '2026-03-02T00:00:00.000Z', job: { ...job, id: '00000000-0000-4000-8000-00000000a002', title: 'Roof', client_name: 'Lopez' } }],
};
const conflict = { visit_id: '00000000-0000-4000-8000-00000000c001', job_title: 'Deck', client_name: 'Ng', starts_at: '2026-03-10T15:00:00.000Z', ends_at: '2026-03-10T16:00:00.000Z', all_day: false, crew_ids: [crew.id], user_ids: [] };

describe('scheduling a visit', { timeout: 30_000 }, () => {
  it('from the tray: shows the overlaps first and saves with confirm_overlap only after Save anyway', async () => {
    const saved = { ...makeVisit(), conflicts: [conflict] };
    const api = fakeScheduleApi({ crews: [crew], tray })
      .on(scheduleEndpoints.checkConflicts, { conflicts: [conflict] })
      .on(scheduleEndpoints.create, saved);
    renderWithProviders(<ScheduleScreen initialDate="2026-03-10" />);
    const trayPanel = await screen.findByRole('region', { name: 'Unscheduled' });
    expect(within(trayPanel).getByText('Quote Q-1004 approved · New roof')).toBeTruthy();
    await userEvent.click(within(trayPanel).getByRole('button', { name: 'Schedule Gutter clean · Kim' }));

    const dialog = await screen.findByRole('dialog', { name: 'New visit' });
    expect((within(dialog).getByRole('combobox', { name: /^Job/ }) as HTMLInputElement).value).toBe('Gutter clean · Kim');
    const time = within(dialog).getByLabelText(/Start time/);
    await userEvent.clear(time);
    await userEvent.type(time, '09:30');
    await userEvent.type(within(dialog).getByLabelText('Arrival window from'), '09:00');
    await userEvent.type(within(dialog).getByLabelText('Arrival window to'), '11:00');
    await userEvent.click(within(dialog).getByLabelText('Crews'));
    await userEvent.click(await screen.findByRole('option', { name: 'North crew', hidden: true }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Repeat' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Monthly on this weekday', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save visit' }));

    expect(await within(dialog).findByText('Deck (Ng): 2026-03-10 10:00–11:00')).toBeTruthy();
    expect(within(dialog).getByText('This visit overlaps another visit of the same crew or person.')).toBeTruthy();
    expect(api.calls(scheduleEndpoints.create)).toHaveLength(0);
    // 9:30 Chicago daylight time, two hours.
    // A repeating visit: the check gets its rule (the server checks the whole series, as the save does).
    expect(api.calls(scheduleEndpoints.checkConflicts)[0]!.body).toEqual({ starts_at: '2026-03-10T14:30:00.000Z', ends_at: '2026-03-10T16:30:00.000Z', crew_ids: [crew.id], user_ids: [], recurrence: { rrule: 'FREQ=MONTHLY;BYDAY=2TU' } });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New visit' })).toBeNull());
    expect(api.calls(scheduleEndpoints.create)[0]!.body).toEqual({
      job_id: job.id,
      starts_at: '2026-03-10T14:30:00.000Z',
      ends_at: '2026-03-10T16:30:00.000Z',
      arrival_window: { start: '09:00', end: '11:00' },
      notes: null,
      crew_ids: [crew.id],
      user_ids: [],
      recurrence: { rrule: 'FREQ=MONTHLY;BYDAY=2TU' },
      confirm_overlap: true,
    });
    expect(api.problems).toEqual([]);
  });

  it('saves at once when nothing overlaps; all day sends the date', async () => {
    const api = fakeScheduleApi({ crews: [crew], tray })
      .on(scheduleEndpoints.checkConflicts, { conflicts: [] })
      .on(scheduleEndpoints.create, { ...makeVisit(), conflicts: [] });
    renderWithProviders(<ScheduleScreen initialDate="2026-03-10" />);
    await userEvent.click(await screen.findByRole('button', { name: 'New visit' }));
    const dialog = await screen.findByRole('dialog', { name: 'New visit' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Job/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Roof · Lopez', hidden: true }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'All day' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save visit' }));
    await waitFor(() => expect(api.calls(scheduleEndpoints.create)).toHaveLength(1));
    expect(api.calls(scheduleEndpoints.create)[0]!.body).toMatchObject({ job_id: tray.approved_quotes[0]!.job.id, all_day: true, date: '2026-03-10', confirm_overlap: false, recurrence: null });
  });

  it('finds a job beyond the tray by searching the jobs', async () => {
    const garage: Job = {
      id: '00000000-0000-4000-8000-00000000a0ff',
      workspace_id: '00000000-0000-4000-8000-0000000000cc',
      client_name: 'Sam Lee',
      property_address: '4 Elm Road',
      claim_number: null,
      status: 'active',
      title: 'Garage roof',
      description: null,
      due_date: null,
      metadata: {},
      document_types: [],
      created_at: '2026-11-26T00:00:00.000Z',
      updated_at: '2026-11-26T00:00:00.000Z',
      tasks: [],
      documents: { needed: [], created: [], processed: [] },
    };
    const api = fakeScheduleApi({ crews: [crew], tray })
      .on(jobEndpoints.list, { jobs: [garage], total: 1 })
      .on(scheduleEndpoints.checkConflicts, { conflicts: [] })
      .on(scheduleEndpoints.create, { ...makeVisit(), conflicts: [] });
    renderWithProviders(<ScheduleScreen initialDate="2026-03-10" />);
    await userEvent.click(await screen.findByRole('button', { name: 'New visit' }));
    const dialog = await screen.findByRole('dialog', { name: 'New visit' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: /^Job/ }), 'Sam');
    await userEvent.click(await screen.findByRole('option', { name: 'Garage roof · Sam Lee', hidden: true }));
    expect(api.calls(jobEndpoints.list).at(-1)!.query).toMatchObject({ search: 'Sam' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save visit' }));
    await waitFor(() => expect(api.calls(scheduleEndpoints.create)).toHaveLength(1));
    expect(api.calls(scheduleEndpoints.create)[0]!.body.job_id).toBe(garage.id);
  });

  it('a repeating visit that meets another only weeks later: the server’s 409 lists it, Save anyway confirms; People are the workspace’s members', async () => {
    const ana = { id: '00000000-0000-4000-8000-00000000d101', name: 'Ana Ruiz', email: 'ana@example.test' };
    const api = fakeScheduleApi({ crews: [crew], tray, people: [ana] })
      .on(scheduleEndpoints.checkConflicts, { conflicts: [] })
      .on(
        scheduleEndpoints.create,
        apiError(409, 'CONFLICT', 'This visit overlaps another visit of the same crew or person. Save again with confirm_overlap to keep it anyway.', [{ field: 'confirm_overlap', message: 'Deck (Ng): 2026-04-07 08:00–09:00' }]),
        { ...makeVisit(), conflicts: [] },
      );
    renderWithProviders(<ScheduleScreen initialDate="2026-03-10" />);
    await userEvent.click(await screen.findByRole('button', { name: 'New visit' }));
    const dialog = await screen.findByRole('dialog', { name: 'New visit' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Job/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Roof · Lopez', hidden: true }));
    await userEvent.click(within(dialog).getByLabelText('People'));
    await userEvent.click(await screen.findByRole('option', { name: 'Ana Ruiz', hidden: true }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Repeat' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Weekly', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save visit' }));
    expect(await within(dialog).findByText('Deck (Ng): 2026-04-07 08:00–09:00')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(api.calls(scheduleEndpoints.create)).toHaveLength(2));
    expect(api.calls(scheduleEndpoints.create)[0]!.body).toMatchObject({ user_ids: [ana.id], recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=TU' }, confirm_overlap: false });
    expect(api.calls(scheduleEndpoints.create)[1]!.body).toMatchObject({ user_ids: [ana.id], confirm_overlap: true });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New visit' })).toBeNull());
  });
});
