import { CREW_NAME_TAKEN, scheduleEndpoints } from '@fieldbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { fakeScheduleApi, makeCrew } from '../test/fixtures';
import { ScheduleScreen } from './schedule-screen';

afterEach(() => vi.unstubAllGlobals());

const person = (n: number, name: string) => ({ id: `00000000-0000-4000-8000-00000000d00${n}`, name, email: `${name.toLowerCase().replace(' ', '.')}@example.test` });
const sam = person(1, 'Sam Ruiz');
const kim = person(2, 'Kim Ng');

async function openCrews() {
  await userEvent.click(await screen.findByRole('button', { name: 'Crews' }));
  return screen.findByRole('dialog', { name: 'Crews' });
}

describe('crews (admins)', { timeout: 30_000 }, () => {
  it('lists the crews with their members, and makes a new one with a colour and members of the workspace', async () => {
    const north = makeCrew('North crew');
    const api = fakeScheduleApi({ crews: [north], people: [sam, kim] }).on(scheduleEndpoints.createCrew, ({ body }) => makeCrew(body.name, { colour: body.colour, members: [{ id: sam.id, name: sam.name }] }));
    renderWithProviders(<ScheduleScreen initialDate="2026-03-10" />);
    const drawer = await openCrews();
    const list = await within(drawer).findByRole('list', { name: 'Crews' });
    expect(within(list).getByText('North crew')).toBeTruthy();
    expect(within(list).getByText('North crew lead')).toBeTruthy();

    await userEvent.click(within(drawer).getByRole('button', { name: 'New crew' }));
    const form = within(drawer).getByRole('form', { name: 'New crew' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Crew name' }), 'South crew');
    await userEvent.click(within(form).getByRole('combobox', { name: 'Colour' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Orange', hidden: true }));
    await userEvent.click(within(form).getByLabelText('Members'));
    await userEvent.click(await screen.findByRole('option', { name: 'Sam Ruiz (sam.ruiz@example.test)', hidden: true }));
    const lists = api.calls(scheduleEndpoints.listCrews).length;
    await userEvent.click(within(form).getByRole('button', { name: 'Create crew' }));
    await waitFor(() => expect(api.calls(scheduleEndpoints.createCrew)).toHaveLength(1));
    expect(api.calls(scheduleEndpoints.createCrew)[0]!.body).toEqual({ name: 'South crew', colour: 'orange', member_ids: [sam.id] });
    // Back to the list, which is read again (the board's rows too).
    expect(await within(drawer).findByRole('list', { name: 'Crews' })).toBeTruthy();
    await waitFor(() => expect(api.calls(scheduleEndpoints.listCrews).length).toBeGreaterThan(lists));
    expect(api.problems).toEqual([]);
  });

  it('edits a crew (its members shown chosen, one who left the workspace dropped) and shows the server’s refusal in the form', async () => {
    const gone = { id: '00000000-0000-4000-8000-00000000d009', name: 'Left Company' };
    const north = makeCrew('North crew', { members: [{ id: kim.id, name: kim.name }, gone] });
    const api = fakeScheduleApi({ crews: [north], people: [sam, kim] }).on(scheduleEndpoints.updateCrew, apiError(400, 'VALIDATION_ERROR', CREW_NAME_TAKEN), ({ body }) => ({ ...north, name: body.name! }));
    renderWithProviders(<ScheduleScreen initialDate="2026-03-10" />);
    const drawer = await openCrews();
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Edit North crew' }));
    const form = within(drawer).getByRole('form', { name: 'Edit crew' });
    const name = within(form).getByRole('textbox', { name: 'Crew name' });
    expect((name as HTMLInputElement).value).toBe('North crew');
    await waitFor(() => expect(within(form).getByText('Kim Ng (kim.ng@example.test)')).toBeTruthy());
    await userEvent.clear(name);
    await userEvent.type(name, 'Roof team');
    await userEvent.click(within(form).getByRole('button', { name: 'Save crew' }));
    expect(await within(form).findByText(CREW_NAME_TAKEN)).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Save crew' }));
    await waitFor(() => expect(api.calls(scheduleEndpoints.updateCrew)).toHaveLength(2));
    expect(api.calls(scheduleEndpoints.updateCrew)[1]).toMatchObject({ params: { id: north.id }, body: { name: 'Roof team', colour: 'teal', member_ids: [kim.id] } });
    expect(await within(drawer).findByRole('list', { name: 'Crews' })).toBeTruthy();
  });

  it('removes a crew after asking', async () => {
    const north = makeCrew('North crew');
    const api = fakeScheduleApi({ crews: [north] }).on(scheduleEndpoints.removeCrew, { ok: true });
    renderWithProviders(<ScheduleScreen initialDate="2026-03-10" />);
    const drawer = await openCrews();
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Remove North crew' }));
    expect(within(drawer).getByText(/Its visits stay on the schedule, no longer with this crew/)).toBeTruthy();
    expect(api.calls(scheduleEndpoints.removeCrew)).toHaveLength(0);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Remove crew' }));
    await waitFor(() => expect(api.calls(scheduleEndpoints.removeCrew)).toHaveLength(1));
    expect(api.calls(scheduleEndpoints.removeCrew)[0]!.params).toEqual({ id: north.id });
  });

  it('a member has no Crews button', async () => {
    fakeScheduleApi({ crews: [makeCrew('North crew')], isOwner: false });
    renderWithProviders(<ScheduleScreen initialDate="2026-03-10" />);
    expect(await screen.findByText('North crew')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Crews' })).toBeNull();
  });
});
