import { DEFAULT_RECORDING_CONSENT_NOTICE, profileEndpoints, workspaceEndpoints } from '@fieldbook/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { CREW_PROFILE } from './recordings-screen-fixtures';
import { RecordingConsentSettings } from './recording-consent-settings';

const WORKSPACE = '00000000-0000-4000-8000-0000000000aa';
const ADMIN = { ...CREW_PROFILE, role: 'admin' as const, workspace_id: WORKSPACE, default_workspace_id: WORKSPACE };

afterEach(() => {
  toast.remove();
  cleanup();
  vi.unstubAllGlobals();
});

const render = () =>
  renderWithProviders(
    <>
      <RecordingConsentSettings />
      <Toaster />
    </>,
  );

describe('the recording consent notice on My Workspace (issue 26)', () => {
  it('an admin changes the notice, and can bring the default back — never switch it off', async () => {
    const api = fakeApi()
      .on(profileEndpoints.get, ADMIN)
      .on(workspaceEndpoints.recordingConsent, { notice: DEFAULT_RECORDING_CONSENT_NOTICE, is_default: true, updated_at: null })
      .on(workspaceEndpoints.saveRecordingConsent, ({ body }) =>
        body.notice ? { notice: body.notice, is_default: false, updated_at: '2026-11-26T04:00:00.000Z' } : { notice: DEFAULT_RECORDING_CONSENT_NOTICE, is_default: true, updated_at: '2026-11-26T04:01:00.000Z' },
      );
    render();
    const user = userEvent.setup();
    const field = (await screen.findByLabelText('Notice')) as HTMLTextAreaElement;
    expect(field.value).toBe(DEFAULT_RECORDING_CONSENT_NOTICE);
    expect(screen.getByText('This is the default notice.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'Say: this call is recorded for quality.');
    await user.click(screen.getByRole('button', { name: 'Save notice' }));
    expect(await screen.findByText('Recording notice saved')).toBeTruthy();
    expect(api.calls(workspaceEndpoints.saveRecordingConsent)[0]!.body).toEqual({ notice: 'Say: this call is recorded for quality.' });

    await user.click(await screen.findByRole('button', { name: 'Use the default' }));
    expect(await screen.findByText('The default recording notice is back')).toBeTruthy();
    expect(api.calls(workspaceEndpoints.saveRecordingConsent)[1]!.body).toEqual({ notice: null });
    await waitFor(() => expect((screen.getByLabelText('Notice') as HTMLTextAreaElement).value).toBe(DEFAULT_RECORDING_CONSENT_NOTICE));
    expect(api.problems).toEqual([]);
  });

  it('shows nothing to a crew member, and does not ask for the notice', async () => {
    const api = fakeApi().on(profileEndpoints.get, { ...CREW_PROFILE, workspace_id: WORKSPACE });
    render();
    await waitFor(() => expect(api.calls(profileEndpoints.get)).toHaveLength(1));
    expect(screen.queryByText('Call recording notice')).toBeNull();
    expect(api.calls(workspaceEndpoints.recordingConsent)).toHaveLength(0);
    expect(api.problems).toEqual([]);
  });
});
