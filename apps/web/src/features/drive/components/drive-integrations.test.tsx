import { driveEndpoints, type DriveStatus } from '@fieldbook/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Capacitor } from '@capacitor/core';
import { useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetNativeAppForTests } from '../../../lib/api-base';
import { apiError, fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { DRIVE_RETURN_ERROR_TEXTS, useDriveReturn } from '../lib/drive-return';
import { DriveIntegrations } from './drive-integrations';

const browserOpen = vi.hoisted(() => vi.fn(async (_options: { url: string }) => {}));
vi.mock('@capacitor/browser', () => ({ Browser: { open: browserOpen } }));

const FOLDER_KEYS = ['root', 'documents', 'clients', 'recordings', 'transcripts', 'tasks'] as const;

function status(overrides: Partial<DriveStatus> = {}, created = false): DriveStatus {
  return {
    configured: true,
    status: 'disconnected',
    user: null,
    folders: FOLDER_KEYS.map((key, i) => ({
      key,
      name: key === 'root' ? 'FIELDBOOK' : key,
      id: created ? `1AbCdEfGhIjKlMn${i}` : null,
      created,
      web_view_link: created ? `https://drive.google.com/drive/folders/1AbCdEfGhIjKlMn${i}` : null,
    })),
    copies: { pending: 0, failed: 0 },
    existing: { total: 0, done: 0, failed: 0 },
    message: null,
    ...overrides,
  };
}
const connected = (created = true) => status({ status: 'connected', user: { displayName: 'Dana Drive', emailAddress: 'dana.drive@example.com' } }, created);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetNativeAppForTests();
});

/** The app shell's part: the return taken off the address; here a button stands in for the app link arriving. */
function ReturnFromGoogle({ search }: { search: string }) {
  return <ReturnsFromGoogle links={{ 'back from Google': search }} />;
}

/** The same with several links, one button each (named by its key). */
function ReturnsFromGoogle({ links }: { links: Record<string, string> }) {
  useDriveReturn(() => {});
  const navigate = useNavigate();
  return (
    <>
      {Object.entries(links).map(([label, search]) => (
        <button key={label} type="button" onClick={() => void navigate(`/${search}`)}>
          {label}
        </button>
      ))}
    </>
  );
}

describe('Settings › Integrations: Google Drive', () => {
  it('disconnected: Connect asks the server for Google’s consent page and goes there (no token ever reaches the page)', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/jobs', search: '' });
    const api = fakeApi().on(driveEndpoints.status, status()).on(driveEndpoints.connect, { authorization_url: 'https://accounts.example/o/oauth2/v2/auth?state=s' });
    renderWithProviders(<DriveIntegrations />);
    expect(await screen.findByText('Disconnected')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example/o/oauth2/v2/auth?state=s'));
    expect(api.calls(driveEndpoints.connect)).toHaveLength(1);
    expect(screen.getByText('Connecting')).toBeTruthy();
  });

  it('in the phone app: Connect opens the consent in the system browser and stays; the return’s result code is confirmed → Connected, folders set up', async () => {
    resetNativeAppForTests();
    vi.spyOn(Capacitor, 'isNativePlatform').mockReturnValue(true);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/', search: '' });
    const api = fakeApi()
      .on(driveEndpoints.status, status())
      .on(driveEndpoints.connect, { authorization_url: 'https://accounts.example/o/oauth2/v2/auth?state=s' })
      .on(driveEndpoints.confirmConnect, connected(false))
      .on(driveEndpoints.initializeFolders, connected(true))
      .on(driveEndpoints.files, { files: [], next_page_token: null });
    renderWithProviders(
      <>
        <ReturnFromGoogle search={`?drive_result=${'R'.repeat(43)}`} />
        <DriveIntegrations />
      </>,
    );
    const user = userEvent.setup();
    expect(await screen.findByText('Disconnected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(browserOpen).toHaveBeenCalledWith({ url: 'https://accounts.example/o/oauth2/v2/auth?state=s' }));
    expect(api.calls(driveEndpoints.connect)[0]?.body).toEqual({ return_to: '/', client: 'app' });
    expect(assign).not.toHaveBeenCalled();
    // The user may come back without consenting: the panel is not stuck on Connecting.
    expect(await screen.findByText('Disconnected')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'back from Google' }));
    expect(await screen.findByText('Connected')).toBeTruthy();
    expect(api.calls(driveEndpoints.confirmConnect).map((c) => c.body)).toEqual([{ result: 'R'.repeat(43) }]);
    // Then, as after the web's return, the folders are set up (0.5 s later).
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Folder structure' })).getAllByText('Created')).toHaveLength(6));
    expect(api.calls(driveEndpoints.initializeFolders)).toHaveLength(1);
  });

  it('in the phone app: a refused return code says why', async () => {
    resetNativeAppForTests();
    vi.spyOn(Capacitor, 'isNativePlatform').mockReturnValue(true);
    fakeApi()
      .on(driveEndpoints.status, status())
      .on(driveEndpoints.confirmConnect, apiError(409, 'CONFLICT', 'Failed to connect to Google Drive: the sign-in request is unknown or has expired. Please try again.'));
    renderWithProviders(
      <>
        <ReturnFromGoogle search={`?drive_result=${'S'.repeat(43)}`} />
        <DriveIntegrations />
      </>,
    );
    expect(await screen.findByText('Disconnected')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'back from Google' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to connect to Google Drive: the sign-in request is unknown or has expired. Please try again.');
    expect(screen.getByText('Disconnected')).toBeTruthy();
  });

  it('back with an error: the app’s own words for the server’s code; words someone put in the address are never shown', async () => {
    fakeApi().on(driveEndpoints.status, status());
    const planted = 'Your Google account is suspended. Call 1-800-555-0100 to restore it.';
    renderWithProviders(
      <>
        <ReturnsFromGoogle links={{ 'a planted link': `?drive_error=${encodeURIComponent(planted)}`, 'a refused consent': '?drive_error=access_denied' }} />
        <DriveIntegrations />
      </>,
    );
    const user = userEvent.setup();
    expect(await screen.findByText('Disconnected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'a planted link' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(planted, { exact: false })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'a refused consent' }));
    expect((await screen.findByRole('alert')).textContent).toContain(DRIVE_RETURN_ERROR_TEXTS.access_denied);
  });

  it('connected: the account, the folder structure with Created markers, the folder manager’s six cards with 8-character ids, Open and Refresh', async () => {
    const api = fakeApi()
      .on(driveEndpoints.status, connected())
      .on(driveEndpoints.files, ({ query }) => ({ files: query.folder === 'documents' ? [{ id: 'f1', name: 'invoice-42.pdf', mimeType: 'application/pdf', folder: 'documents' as const, web_view_link: 'https://drive.google.com/file/d/f1/view' }] : [], next_page_token: null }));
    renderWithProviders(<DriveIntegrations />);
    expect(await screen.findByText('Connected')).toBeTruthy();
    expect(screen.getByText('Dana Drive')).toBeTruthy();
    expect(screen.getByText('dana.drive@example.com')).toBeTruthy();
    const structure = screen.getByRole('list', { name: 'Folder structure' });
    for (const name of ['FIELDBOOK', 'documents', 'clients', 'recordings', 'transcripts', 'tasks']) expect(within(structure).getByText(name)).toBeTruthy();
    expect(within(structure).getAllByText('Created')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Initialize Folders' })).toBeTruthy();
    for (const [title, i] of [['Root', 0], ['Documents', 1], ['Clients', 2], ['Recordings', 3], ['Transcripts', 4], ['Tasks', 5]] as const) {
      const card = screen.getByLabelText(`${title} folder`);
      expect(within(card).getByText(`1AbCdEfG`)).toBeTruthy();
      expect(within(card).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(`https://drive.google.com/drive/folders/1AbCdEfGhIjKlMn${i}`);
      expect(within(card).getByRole('link', { name: 'Open' }).getAttribute('target')).toBe('_blank');
    }
    expect(await within(screen.getByLabelText('Documents folder')).findByText('invoice-42.pdf')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh Documents' }));
    await waitFor(() => expect(api.calls(driveEndpoints.files).filter((c) => c.query.folder === 'documents')).toHaveLength(2));
    expect(api.problems).toEqual([]);
  });

  it('Initialize Folders creates them and marks them Created; Disconnect shows Disconnected', async () => {
    const api = fakeApi().on(driveEndpoints.status, connected(false)).on(driveEndpoints.initializeFolders, connected(true)).on(driveEndpoints.disconnect, status()).on(driveEndpoints.files, { files: [], next_page_token: null });
    renderWithProviders(<DriveIntegrations />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Initialize Folders' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Folder structure' })).getAllByText('Created')).toHaveLength(6));
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Disconnected')).toBeTruthy();
    expect(screen.queryByText('dana.drive@example.com')).toBeNull();
    expect(api.calls(driveEndpoints.disconnect)).toHaveLength(1);
  });

  it('shows failures in a dismissible red box with the spec’s words', async () => {
    fakeApi().on(driveEndpoints.status, connected(false)).on(driveEndpoints.disconnect, apiError(503, 'UNAVAILABLE', 'Google could not be reached')).on(driveEndpoints.initializeFolders, apiError(503, 'UNAVAILABLE', 'backendError'));
    renderWithProviders(<DriveIntegrations />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    // 503s are retried twice by the request layer before the failure shows.
    expect((await screen.findByRole('alert', {}, { timeout: 8000 })).textContent).toContain('Failed to disconnect from Google Drive: Google could not be reached');
    await user.click(screen.getByRole('button', { name: 'Dismiss error' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Initialize Folders' }));
    expect((await screen.findByRole('alert', {}, { timeout: 8000 })).textContent).toContain('Failed to initialize folder structure. This will not affect basic functionality.');
  }, 20_000);

  it('says a failure the server already words whole once, never with the prefix twice', async () => {
    fakeApi()
      .on(driveEndpoints.status, connected(false))
      .on(driveEndpoints.disconnect, apiError(409, 'CONFLICT', 'Failed to disconnect from Google Drive: fetch failed'))
      .on(driveEndpoints.initializeFolders, apiError(409, 'CONFLICT', 'Failed to initialize folder structure. This will not affect basic functionality. (backendError)'));
    renderWithProviders(<DriveIntegrations />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to disconnect from Google Drive: fetch failed');
    await user.click(screen.getByRole('button', { name: 'Dismiss error' }));
    await user.click(screen.getByRole('button', { name: 'Initialize Folders' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to initialize folder structure. This will not affect basic functionality. (backendError)');
  });

  it('Copy existing items queues what came before connecting and shows its progress until it is done', async () => {
    let asked = false;
    const progress = (total: number, done: number, failed = 0) => ({ ...connected(), existing: { total, done, failed } });
    const api = fakeApi()
      .on(driveEndpoints.status, () => (asked ? progress(3, 3) : connected()))
      .on(driveEndpoints.files, { files: [], next_page_token: null })
      .on(driveEndpoints.copyExisting, () => {
        asked = true;
        return progress(3, 1);
      });
    renderWithProviders(<DriveIntegrations />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Copy existing items' }));
    expect(await screen.findByText('Copied 1 of 3 existing items…')).toBeTruthy();
    expect(api.calls(driveEndpoints.copyExisting)).toHaveLength(1);
    // The status is read again while copies are on their way.
    expect(await screen.findByText('Copied 3 of 3 existing items', {}, { timeout: 6000 })).toBeTruthy();
    expect(api.problems).toEqual([]);
  }, 15_000);

  it('the folder manager’s Upload sends each chosen file into the folder and reports Success or Failed per file', async () => {
    const api = fakeApi()
      .on(driveEndpoints.status, connected())
      .on(driveEndpoints.files, { files: [], next_page_token: null })
      .on(driveEndpoints.uploadToFolder, { file: { id: 'f9', name: 'site.jpg', mimeType: 'image/jpeg', folder: 'clients', web_view_link: null } }, apiError(409, 'CONFLICT', 'Upload failed: 403 The user’s Drive storage quota has been exceeded.'));
    renderWithProviders(<DriveIntegrations />);
    const card = await screen.findByLabelText('Clients folder');
    const input = card.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.setup().upload(input, [new File(['jpeg'], 'site.jpg', { type: 'image/jpeg' }), new File(['pdf'], 'big.pdf', { type: 'application/pdf' })]);
    const report = await within(card).findByRole('status', {}, { timeout: 5000 });
    expect(report.textContent).toContain('site.jpg: Success');
    expect(report.textContent).toContain('big.pdf: Failed (Upload failed: 403 The user’s Drive storage quota has been exceeded.)');
    expect(api.calls(driveEndpoints.uploadToFolder).map((c) => c.params.key)).toEqual(['clients', 'clients']);
    // Each file with its own upload key (a try sent again after a lost answer lands on the same Drive file).
    const keys = api.calls(driveEndpoints.uploadToFolder).map((c) => c.form?.get('upload_key'));
    expect(keys.every((k) => typeof k === 'string' && k.length >= 8)).toBe(true);
    expect(new Set(keys).size).toBe(2);
  });

  it('says when the server has no Google credentials, and when the grant needs reconnecting', async () => {
    fakeApi().on(driveEndpoints.status, status({ configured: false }));
    const { unmount } = renderWithProviders(<DriveIntegrations />);
    expect(await screen.findByText(/Google Drive is not configured on this server/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
    unmount();
    fakeApi().on(driveEndpoints.status, { ...connected(), status: 'needs_reconnect', message: 'Google Drive access was revoked or has expired. Connect again to resume copying.' });
    renderWithProviders(<DriveIntegrations />);
    expect(await screen.findByText('Needs reconnecting')).toBeTruthy();
    expect(screen.getByText('Google Drive access was revoked or has expired. Connect again to resume copying.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect' })).toBeTruthy();
  });

  it('Advanced Debugging opens on demand: the status, the flags, Show Debug Info (no token in it) and Attempt Reconnect', async () => {
    const api = fakeApi().on(driveEndpoints.status, connected()).on(driveEndpoints.files, { files: [], next_page_token: null });
    renderWithProviders(<DriveIntegrations />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Advanced Debugging' }));
    expect(screen.getByText('Connection status: connected')).toBeTruthy();
    expect(screen.getByText('Token present: yes, kept on the server')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show Debug Info' }));
    expect(screen.getByText(/"emailAddress": "dana.drive@example.com"/)).toBeTruthy();
    const before = api.calls(driveEndpoints.status).length;
    await user.click(screen.getByRole('button', { name: 'Attempt Reconnect' }));
    await waitFor(() => expect(api.calls(driveEndpoints.status).length).toBe(before + 1));
  });

  it('a failed status check says so, with Retry', async () => {
    fakeApi().on(driveEndpoints.status, apiError(500, 'INTERNAL', 'Something went wrong'));
    renderWithProviders(<DriveIntegrations />);
    expect(await screen.findByText('Unable to check Google Drive connection status: Something went wrong', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
