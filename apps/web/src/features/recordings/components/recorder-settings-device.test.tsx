import { DEFAULT_RECORDER_SETTINGS, settingsEndpoints, type RecorderSettings } from '@fieldbook/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type FakeApi } from '../../../test/fake-api';
import { installFakeRecorder, resetFakeRecorder, type FakeRecorder } from '../../../test/fake-call-recorder';
import { crewSettings, fakeRecordingsApi, renderRecordingsScreen } from './recordings-screen-fixtures';

vi.mock('@fieldbook/call-recorder', async (original) => (await import('../../../test/fake-call-recorder')).mockCallRecorderModule(await original()));

/** Recorder settings in the mobile app (issue 32 item 12): the recorder's group survives a save; recordGroups is settable. */
let api: FakeApi;
let plugin: FakeRecorder;
let stored: RecorderSettings;
const puts = () => api.calls(settingsEndpoints.update).map((r) => r.body.recorder_settings);

beforeEach(() => {
  localStorage.clear();
  stored = { ...DEFAULT_RECORDER_SETTINGS };
  plugin = installFakeRecorder();
  api = fakeRecordingsApi()
    .on(settingsEndpoints.get, () => jsonResponse(crewSettings(stored)))
    .on(settingsEndpoints.update, ({ body }) => {
      stored = { ...stored, ...body.recorder_settings };
      return jsonResponse(crewSettings(stored));
    });
});
afterEach(() => {
  toast.remove();
  cleanup();
  resetFakeRecorder();
  expect(api.problems).toEqual([]);
});

const dialog = () => screen.getByRole('dialog', { name: 'Recorder Settings' });
const openSettings = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'Settings' }));
  await waitFor(() => expect(dialog()).toBeTruthy());
};

describe('Recorder settings on the phone', () => {
  it('saving the settings keeps the group Add Group gave the recorder (it used to send lastGroupId "default")', async () => {
    renderRecordingsScreen();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Group id/ }), 'crew-7');
    await user.click(screen.getByRole('button', { name: 'Add Group' }));
    await waitFor(() => expect(plugin.addGroupToRecord).toHaveBeenCalledWith({ groupId: 'crew-7' }));

    await openSettings(user);
    await user.click(within(dialog()).getByRole('switch', { name: 'Record unknown numbers' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.lastGroupId).toBe('crew-7');
    expect(plugin.saveSettings).toHaveBeenCalledTimes(1);
    expect(plugin.saveSettings.mock.calls[0]![0].settings).toMatchObject({ lastGroupId: 'crew-7', recordUnknown: false });
    expect(screen.getAllByText('New recordings go to group crew-7').length).toBeGreaterThan(0);
  });

  it('a group saved on another device is the page’s group once the settings load, and a save keeps it', async () => {
    stored = { ...DEFAULT_RECORDER_SETTINGS, lastGroupId: 'crew-9', recordGroups: ['crew-9'] };
    renderRecordingsScreen();
    const user = userEvent.setup();
    expect(await screen.findByText('New recordings go to group crew-9')).toBeTruthy();
    await openSettings(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({ lastGroupId: 'crew-9', recordGroups: ['crew-9'] });
  });

  it('recordGroups is set in Recorder Settings: added groups are saved to the account and the recorder', async () => {
    stored = { ...DEFAULT_RECORDER_SETTINGS, recordGroups: ['crew-a'] };
    renderRecordingsScreen();
    const user = userEvent.setup();
    await openSettings(user);
    const groups = within(dialog()).getByLabelText('Recording groups');
    await waitFor(() => expect(within(dialog()).getByText('crew-a')).toBeTruthy());
    await user.type(groups, 'roofing{Enter}');
    await user.type(groups, 'siding{Enter}');
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.recordGroups).toEqual(['crew-a', 'roofing', 'siding']);
    expect(plugin.saveSettings.mock.calls[0]![0].settings.recordGroups).toEqual(['crew-a', 'roofing', 'siding']);
    expect(await screen.findByText('Recorder settings saved')).toBeTruthy();
  });

  it('a group id over 100 characters is refused with the contract’s message and nothing is saved', async () => {
    renderRecordingsScreen();
    const user = userEvent.setup();
    await openSettings(user);
    await user.type(within(dialog()).getByLabelText('Recording groups'), `${'g'.repeat(101)}{Enter}`);
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('A group id has 1 to 100 characters')).toBeTruthy();
    expect(puts()).toHaveLength(0);
    expect(plugin.saveSettings).not.toHaveBeenCalled();
  });

  it('the server refuses what the contract refuses (the same schema)', async () => {
    const { UpdateSettingsBodySchema } = await import('@fieldbook/contract');
    expect(UpdateSettingsBodySchema.safeParse({ recorder_settings: { recordGroups: ['a', 'a'] } }).success).toBe(false);
    expect(UpdateSettingsBodySchema.safeParse({ recorder_settings: { recordGroups: [' '] } }).success).toBe(false);
    expect(UpdateSettingsBodySchema.safeParse({ recorder_settings: { recordGroups: ['crew-a', 'roofing'] } }).success).toBe(true);
  });
});
