import { documentEndpoints } from '@fieldbook/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropUploadQueues } from '../../../lib/uploads/use-upload-queue';
import { makeDocument } from '../../../test/factories';
import { fakeApi, type FakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import type { SharedFile } from '../lib/shared-files';
import { SharedFiles } from './shared-files';

// The device's Cache Storage of shared files (lib/shared-files.ts) as a list in memory.
const device = vi.hoisted(() => ({ files: [] as SharedFile[] }));
vi.mock('../lib/shared-files', () => ({
  listSharedFiles: async () => [...device.files],
  removeSharedFile: async (key: string) => void (device.files = device.files.filter((f) => f.key !== key)),
}));
const sharedFile = (name: string): SharedFile => {
  const file = new File(['%PDF-1.4 shared'], name, { type: 'application/pdf' });
  return { key: `/__shared-files/${name}`, name, size: file.size, type: file.type, sharedAt: 1, file };
};

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
  device.files = [sharedFile('plan.pdf'), sharedFile('permit.pdf')];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  expect(api.problems).toEqual([]);
});

describe('shared files at sign-out', () => {
  it('their upload queue is the user’s: dropped at sign-out, the upload under way stops and the files are offered again', async () => {
    const answer = api.hold(documentEndpoints.upload, makeDocument('plan.pdf'), { progress: 40 });
    const abort = vi.spyOn(XMLHttpRequest.prototype, 'abort');
    const { queryClient } = renderWithProviders(<SharedFiles jobId="9f1c1d1e-0000-4000-8000-0000000000j1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Upload 2 files to Documents' }));
    await waitFor(() => expect(screen.getAllByTestId('upload-item')[0]!.textContent).toContain('Uploading 40%'));
    expect(screen.queryAllByTestId('shared-file')).toEqual([]);

    dropUploadQueues(queryClient);
    expect(abort).toHaveBeenCalledTimes(1);
    answer();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryAllByTestId('upload-item')).toEqual([]);
    // Nothing left the device, nothing more was sent: both wait for whoever uploads them next.
    expect(screen.getAllByTestId('shared-file')).toHaveLength(2);
    expect(device.files).toHaveLength(2);
    expect(api.calls(documentEndpoints.upload)).toHaveLength(1);
  });

  it('a failed upload stays in the list with Retry, not offered twice; dismissed, it is offered again', async () => {
    api.on(documentEndpoints.upload, () => new Response(JSON.stringify({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Not a document' } }), { status: 415 }));
    device.files = [sharedFile('plan.pdf')];
    renderWithProviders(<SharedFiles jobId="9f1c1d1e-0000-4000-8000-0000000000j1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Upload to Documents' }));
    await screen.findByRole('button', { name: /Retry/ });
    expect(screen.queryAllByTestId('shared-file')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /Dismiss/ }));
    expect(await screen.findAllByTestId('shared-file')).toHaveLength(1);
  });
});
