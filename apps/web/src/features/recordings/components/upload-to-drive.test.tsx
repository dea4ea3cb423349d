import { driveEndpoints } from '@fieldbook/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeApi } from '../../../test/fake-api';
import { DRIVE_DISCONNECTED, fakeRecordingsApi, makeRecording, recordingId, renderRecordingsScreen } from './recordings-screen-fixtures';

const CALL = makeRecording(1, 'outgoing_20261125_101500_5551234567_u1.m4a');
let api: FakeApi;

afterEach(() => {
  toast.remove();
  cleanup();
  vi.unstubAllGlobals();
  expect(api.problems).toEqual([]);
});

describe('Recordings: Upload to Drive (spec 001 §2)', () => {
  it('without a Drive connection says Drive is not enabled, and sends nothing', async () => {
    api = fakeRecordingsApi([CALL]);
    renderRecordingsScreen();
    await userEvent.setup().click(await screen.findByRole('button', { name: `Upload ${CALL.name} to Drive` }));
    expect(await screen.findByText('Google Drive is not enabled. Please enable it in settings.')).toBeTruthy();
    expect(api.calls(driveEndpoints.copyRecording)).toHaveLength(0);
  });

  it('connected, copies that recording through the server', async () => {
    api = fakeRecordingsApi([CALL])
      .on(driveEndpoints.status, { ...DRIVE_DISCONNECTED, status: 'connected', user: { displayName: 'Crew', emailAddress: 'crew@example.com' } })
      .on(driveEndpoints.copyRecording, ({ params }) => ({ item_kind: 'recording' as const, item_id: params.id, status: 'pending' as const, drive_file_id: null, web_view_link: null, error: null }));
    renderRecordingsScreen();
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: `Upload ${CALL.name} to Drive` });
    // The connection answers before the click counts as connected.
    await waitFor(() => expect(api.calls(driveEndpoints.status).length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 20));
    await user.click(button);
    await waitFor(() => expect(api.calls(driveEndpoints.copyRecording).map((c) => c.params.id)).toEqual([recordingId(1)]));
    expect(await screen.findByText(`Uploading ${CALL.name} to Google Drive`)).toBeTruthy();
  });
});
