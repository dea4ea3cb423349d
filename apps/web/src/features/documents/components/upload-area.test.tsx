import { documentEndpoints, driveEndpoints } from '@fieldbook/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropUploadQueues } from '../../../lib/uploads/use-upload-queue';
import { DRIVE_DISCONNECTED, makeDocument } from '../../../test/factories';
import { fakeApi, type FakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { UploadArea } from './upload-area';

let api: FakeApi;
beforeEach(() => {
  // The area offers Upload from Google Drive when the server has Google credentials (it asks the Drive status).
  api = fakeApi().on(driveEndpoints.status, DRIVE_DISCONNECTED);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  expect(api.problems).toEqual([]);
});

describe('the Document Manager’s uploads at sign-out', () => {
  it('dropping the app’s queues (the user signed out) aborts the document being sent', async () => {
    const answer = api.hold(documentEndpoints.upload, makeDocument('plan.pdf'), { progress: 40 });
    const abort = vi.spyOn(XMLHttpRequest.prototype, 'abort');
    const { queryClient } = renderWithProviders(<UploadArea />);
    await userEvent.upload(screen.getByLabelText('Upload documents'), [new File(['%PDF-1.4 a plan'], 'plan.pdf', { type: 'application/pdf' })]);
    await waitFor(() => expect(screen.getAllByTestId('upload-item')[0]!.textContent).toContain('Uploading 40%'));

    dropUploadQueues(queryClient);
    expect(abort).toHaveBeenCalledTimes(1);
    answer();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryAllByTestId('upload-item')).toEqual([]);
    expect(api.calls(documentEndpoints.upload)).toHaveLength(1);
  });
});
