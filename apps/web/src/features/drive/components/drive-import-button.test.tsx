import { driveEndpoints, type DriveStatus } from '@fieldbook/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { DriveImportButton, type ImportedDriveFile } from './drive-import-button';

const connected: DriveStatus = { configured: true, status: 'connected', user: { displayName: 'Dana Drive', emailAddress: 'dana@example.com' }, folders: [], copies: { pending: 0, failed: 0 }, existing: { total: 0, done: 0, failed: 0 }, message: null };
const file = (i: number) => ({ id: `file${i}`, name: `scan-${i}.pdf`, mimeType: 'application/pdf', folder: 'documents' as const, web_view_link: null });

afterEach(() => vi.unstubAllGlobals());

describe('Document Manager: Upload from Google Drive', () => {
  it('lists the FIELDBOOK files 50 a page and hands the chosen ones, fetched through the server, to the upload queue with their Drive ids', async () => {
    const api = fakeApi()
      .on(driveEndpoints.status, connected)
      .on(driveEndpoints.files, ({ query }) => (query.page_token ? { files: [file(51)], next_page_token: null } : { files: Array.from({ length: 50 }, (_, i) => file(i + 1)), next_page_token: 'p2' }))
      .on(driveEndpoints.content, ({ params }) => new Response(`bytes of ${params.id}`, { headers: { 'content-type': 'application/pdf' } }));
    const onImport = vi.fn<(files: ImportedDriveFile[]) => void>();
    renderWithProviders(<DriveImportButton onImport={onImport} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Upload from Google Drive' }));
    expect(await screen.findByText('scan-50.pdf')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await user.click(await screen.findByRole('checkbox', { name: /scan-51\.pdf/ }));
    await user.click(screen.getByRole('checkbox', { name: /scan-2\.pdf/ }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(onImport).toHaveBeenCalledTimes(1));
    const imported = onImport.mock.calls[0]![0];
    expect(imported.map((f) => [f.file.name, f.driveFileId])).toEqual([
      ['scan-2.pdf', 'file2'],
      ['scan-51.pdf', 'file51'],
    ]);
    expect(await imported[0]!.file.text()).toBe('bytes of file2');
    expect(api.calls(driveEndpoints.files).map((c) => c.query.page_token)).toEqual([undefined, 'p2']);
    expect(api.problems).toEqual([]);
  }, 20_000);

  it('is not offered when the server has no Google credentials (the status says so)', async () => {
    const api = fakeApi().on(driveEndpoints.status, { ...connected, configured: false, status: 'disconnected', user: null });
    renderWithProviders(<DriveImportButton onImport={() => {}} />);
    await waitFor(() => expect(api.calls(driveEndpoints.status)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Upload from Google Drive' })).toBeNull();
  });

  it('says so when Drive is not connected', async () => {
    fakeApi().on(driveEndpoints.status, { ...connected, status: 'disconnected', user: null });
    renderWithProviders(<DriveImportButton onImport={() => {}} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Upload from Google Drive' }));
    expect(await screen.findByText(/Not authenticated with Google Drive/)).toBeTruthy();
  });
});
