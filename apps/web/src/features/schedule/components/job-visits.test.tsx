import { scheduleEndpoints } from '@fieldbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { CHICAGO, fakeScheduleApi, makeCrew, makeVisit } from '../test/fixtures';
import { JobVisits } from './job-visits';

afterEach(() => vi.unstubAllGlobals());

describe("a job's Visits panel", { timeout: 30_000 }, () => {
  it('lists the job’s visits and schedules one for this job', async () => {
    const visit = makeVisit({ status: 'completed' });
    const api = fakeScheduleApi({ crews: [makeCrew('North crew')] })
      .on(scheduleEndpoints.jobVisits, { time_zone: CHICAGO, visits: [visit] })
      .on(scheduleEndpoints.checkConflicts, { conflicts: [] })
      .on(scheduleEndpoints.create, { ...visit, conflicts: [] });
    renderWithProviders(<JobVisits jobId={visit.job.id} jobTitle="Roof repair" />);
    const panel = await screen.findByRole('region', { name: 'Visits' });
    expect(await within(panel).findByText((_, el) => el?.getAttribute('data-testid') === 'visit-when' && el.textContent === 'Tue 2026-03-10 · 09:00–11:00')).toBeTruthy();
    expect(within(panel).getByText('Completed')).toBeTruthy();
    const schedule = within(panel).getByRole('button', { name: 'Schedule' });
    await waitFor(() => expect((schedule as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(schedule);
    const dialog = await screen.findByRole('dialog', { name: 'New visit' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save visit' }));
    await waitFor(() => expect(api.calls(scheduleEndpoints.create)).toHaveLength(1));
    expect(api.calls(scheduleEndpoints.create)[0]!.body.job_id).toBe(visit.job.id);
  });

  it('a job whose approved quote waits offers Schedule from the quote', async () => {
    const job = { id: '00000000-0000-4000-8000-00000000f001', title: 'New roof', client_name: 'Lopez', property_address: null, status: 'active' };
    const tray = { jobs: [], approved_quotes: [{ id: '00000000-0000-4000-8000-00000000f002', number: 'Q-1007', title: 'Roof replacement', approved_at: '2026-03-02T00:00:00.000Z', job }] };
    const api = fakeScheduleApi({ crews: [], tray })
      .on(scheduleEndpoints.jobVisits, { time_zone: CHICAGO, visits: [] })
      .on(scheduleEndpoints.checkConflicts, { conflicts: [] })
      .on(scheduleEndpoints.create, { ...makeVisit(), conflicts: [] });
    renderWithProviders(<JobVisits jobId={job.id} jobTitle="New roof" />);
    const panel = await screen.findByRole('region', { name: 'Visits' });
    expect(await within(panel).findByText('Quote Q-1007 approved')).toBeTruthy();
    expect(within(panel).getByText('Roof replacement: the work is waiting to be scheduled.')).toBeTruthy();
    const schedule = within(panel).getByRole('button', { name: 'Schedule quote Q-1007' });
    await waitFor(() => expect((schedule as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(schedule);
    const dialog = await screen.findByRole('dialog', { name: 'New visit' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save visit' }));
    await waitFor(() => expect(api.calls(scheduleEndpoints.create)).toHaveLength(1));
    expect(api.calls(scheduleEndpoints.create)[0]!.body.job_id).toBe(job.id);
  });

  it('a member is not offered Schedule, and the tray is not asked for', async () => {
    const api = fakeScheduleApi({ isOwner: false }).on(scheduleEndpoints.jobVisits, { time_zone: CHICAGO, visits: [] });
    renderWithProviders(<JobVisits jobId="00000000-0000-4000-8000-00000000f001" jobTitle="New roof" />);
    const panel = await screen.findByRole('region', { name: 'Visits' });
    expect(await within(panel).findByText('No visits scheduled.')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /Schedule/ })).toBeNull();
    expect(api.calls(scheduleEndpoints.unscheduled)).toHaveLength(0);
  });
});
