import { recordingEndpoints } from '@fieldbook/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadList } from '../../../components/upload/upload-list';
import { dropUploadQueues } from '../../../lib/uploads/use-upload-queue';
import { fakeApi, type FakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { useUploads } from './use-uploads';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  expect(api.problems).toEqual([]);
});

function Recordings() {
  const { queue, add } = useUploads();
  return (
    <>
      <button type="button" onClick={() => void add([{ blob: new Blob(['ID3 a call'], { type: 'audio/mpeg' }), name: 'call.mp3' }], undefined)}>
        Add
      </button>
      <UploadList queue={queue} label="Uploads" />
    </>
  );
}

describe('the recordings’ uploads at sign-out', () => {
  it('dropping the app’s queues (the user signed out) aborts the recording being sent', async () => {
    const answer = api.hold(recordingEndpoints.upload, new Response(null, { status: 500 }), { progress: 40 });
    const abort = vi.spyOn(XMLHttpRequest.prototype, 'abort');
    const { queryClient } = renderWithProviders(<Recordings />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getAllByTestId('upload-item')[0]!.textContent).toContain('Uploading 40%'));

    dropUploadQueues(queryClient);
    expect(abort).toHaveBeenCalledTimes(1);
    answer();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryAllByTestId('upload-item')).toEqual([]);
    // Not tried again (a 500 would be, were it still running).
    expect(api.calls(recordingEndpoints.upload)).toHaveLength(1);
  });
});
