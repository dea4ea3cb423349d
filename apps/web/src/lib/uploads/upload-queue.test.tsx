import { DocumentSchema, documentEndpoints, recordingEndpoints, RESUMABLE_UPLOAD_MIN_BYTES } from '@fieldbook/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCallback, useState } from 'react';
import { DropZone } from '../../components/upload/drop-zone';
import { UploadList } from '../../components/upload/upload-list';
import { makeDocument } from '../../test/factories';
import { apiError, fakeApi, type FakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import type * as apiClient from '../api-client';
import { refreshApiAccess } from '../api-client';
import { resumableTargetFor } from './resumable-upload';
import { RESUMABLE_FROM_BYTES, uploadFile } from './upload-file';
import { useUploadQueue } from './use-upload-queue';

// The queue, drop zone and list as documents and recordings use them: the transport's token, its one refresh after
// a 401 and its retries are the real ones; only the server (fakeApi(), which serves XMLHttpRequest too) and the
// session are fakes.
vi.mock('../api-client', async (original) => ({
  ...(await original<typeof apiClient>()),
  rawApiAccess: async () => ({ baseUrl: 'http://api.test', token: 'old-token' }),
  refreshApiAccess: vi.fn(async () => ({ token: 'new-token' })),
  RETRY_BASE_DELAY_MS: 1,
}));

const stored = makeDocument('invoice.pdf', { status: 'processing', processed_at: null });
const unauthorized = apiError(401, 'UNAUTHORIZED', 'Sign in again');
const networkDown = () => {
  throw new Error('connection refused');
};
let api: FakeApi;
/** The uploads sent, in order. */
const sent = () => api.calls(documentEndpoints.upload);

beforeEach(() => {
  vi.mocked(refreshApiAccess).mockClear();
  api = fakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  expect(api.problems).toEqual([]);
});

/** The Document Manager's use of the queue (features/documents/components/upload-area.tsx), without the feature. */
function Uploads() {
  const queue = useUploadQueue<File>(
    useCallback((file: File, { onProgress }) => uploadFile({ path: documentEndpoints.upload.path, file, fileName: file.name, schema: DocumentSchema, onProgress }), []),
  );
  return (
    <DropZone
      layout="large"
      title="Drop files here to upload"
      buttonLabel="Choose Files"
      inputLabel="Upload documents"
      accept=".pdf"
      onFiles={(files) => void queue.add(files.map((f) => ({ name: f.name, size: f.size, source: f })))}
    >
      <UploadList queue={queue} label="Uploads" />
    </DropZone>
  );
}

async function pick(...names: string[]) {
  renderWithProviders(<Uploads />);
  const files = names.map((n) => new File(['%PDF-1.4 a small file'], n, { type: 'application/pdf' }));
  await userEvent.upload(screen.getByLabelText('Upload documents'), files);
}
const item = (name: string) => screen.getAllByTestId('upload-item').find((el) => el.textContent?.includes(name))!;

describe('the upload queue', () => {
  it('shows each file’s progress while it is sent, then Uploaded; the next file waits as Pending', async () => {
    let answerFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (answerFirst = resolve));
    api.on(
      documentEndpoints.upload,
      async ({ progress }) => {
        progress(40);
        await firstHeld;
        return stored;
      },
      stored,
    );
    await pick('invoice.pdf', 'photo.pdf');
    await waitFor(() => expect(item('invoice.pdf').textContent).toContain('Uploading 40%'));
    expect(item('photo.pdf').textContent).toContain('Pending');
    expect(sent()[0]!.headers.get('authorization')).toBe('Bearer old-token');
    expect(sent()[0]!.url.href).toBe('http://api.test/api/process-documents');
    answerFirst();
    await waitFor(() => expect(item('invoice.pdf').textContent).toContain('Uploaded'));
    await waitFor(() => expect(item('photo.pdf').textContent).toContain('Uploaded'));
    expect(sent()).toHaveLength(2);
  });

  it('a 401 refreshes the session once and sends the file again with the new token', async () => {
    api.on(documentEndpoints.upload, unauthorized, stored);
    await pick('invoice.pdf');
    await waitFor(() => expect(item('invoice.pdf').textContent).toContain('Uploaded'));
    expect(refreshApiAccess).toHaveBeenCalledTimes(1);
    expect(sent().map((r) => r.headers.get('authorization'))).toEqual(['Bearer old-token', 'Bearer new-token']);
  });

  it('a 401 after the refresh fails the file (no second refresh), with Retry', async () => {
    api.on(documentEndpoints.upload, unauthorized);
    await pick('invoice.pdf');
    await waitFor(() => expect(within(item('invoice.pdf')).getByRole('alert').textContent).toBe('Authentication required'));
    expect(refreshApiAccess).toHaveBeenCalledTimes(1);
    expect(sent()).toHaveLength(2);
  });

  it('a network failure and a 502 are tried again with backoff; the file is uploaded once the server answers', async () => {
    api.on(documentEndpoints.upload, networkDown, new Response(null, { status: 502 }), stored);
    await pick('invoice.pdf');
    await waitFor(() => expect(item('invoice.pdf').textContent).toContain('Uploaded'));
    expect(sent()).toHaveLength(3);
  });

  it('a 4xx is final: the server’s message shows at once with Retry, which sends the file again', async () => {
    const message = 'Unsupported file type: upload a PDF, Word document (doc, docx), JPEG or PNG image, or plain text file';
    api.on(documentEndpoints.upload, apiError(415, 'UNSUPPORTED_MEDIA_TYPE', message), stored);
    await pick('program.pdf');
    await waitFor(() => expect(within(item('program.pdf')).getByRole('alert').textContent).toBe(message));
    expect(sent()).toHaveLength(1);
    fireEvent.click(within(item('program.pdf')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(item('program.pdf').textContent).toContain('Uploaded'));
    expect(sent()).toHaveLength(2);
  });

  it('a network failure on every try fails the file with its reason', async () => {
    api.on(documentEndpoints.upload, networkDown);
    await pick('invoice.pdf');
    await waitFor(() => expect(within(item('invoice.pdf')).getByRole('alert').textContent).toBe('Upload failed: the server could not be reached'));
    expect(sent()).toHaveLength(3);
  });

  it('a named queue belongs to the app: an upload goes on while its screen is closed, and the screen shows it when it opens again', async () => {
    const answer = api.hold(documentEndpoints.upload, stored, { progress: 30 });
    function Screen() {
      const queue = useUploadQueue<File>(
        useCallback((file: File, { onProgress }) => uploadFile({ path: documentEndpoints.upload.path, file, fileName: file.name, schema: DocumentSchema, onProgress }), []),
        { id: 'documents' },
      );
      return (
        <>
          <button type="button" onClick={() => void queue.add([{ name: 'plan.pdf', size: 8, source: new File(['%PDF-1.4'], 'plan.pdf') }])}>
            Add
          </button>
          <UploadList queue={queue} label="Uploads" />
        </>
      );
    }
    function App() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen((o) => !o)}>
            Toggle
          </button>
          {open && <Screen />}
        </>
      );
    }
    renderWithProviders(<App />);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(item('plan.pdf').textContent).toContain('Uploading 30%'));
    fireEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(screen.queryAllByTestId('upload-item')).toEqual([]);
    answer();
    await waitFor(() => expect(sent()).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    fireEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    await waitFor(() => expect(item('plan.pdf').textContent).toContain('Uploaded'));
    expect(sent()).toHaveLength(1);
  });
});

describe('which uploads are resumable', () => {
  it('files from 5 MB to the documents and recordings uploads go through tus; smaller ones and other endpoints as one request', () => {
    expect(resumableTargetFor(documentEndpoints.upload.path, RESUMABLE_UPLOAD_MIN_BYTES)?.resumable.create.path).toBe('/api/uploads/documents');
    expect(resumableTargetFor(recordingEndpoints.upload.path, 50 * 1024 * 1024)?.resumable.create.path).toBe('/api/uploads/recordings');
    expect(resumableTargetFor(recordingEndpoints.upload.path, RESUMABLE_UPLOAD_MIN_BYTES - 1)).toBeUndefined();
    expect(resumableTargetFor('/api/drive/folders/x/files', 50 * 1024 * 1024)).toBeUndefined();
    // upload-file.ts writes the threshold out (the first chunk's budget): it is the contract's.
    expect(RESUMABLE_FROM_BYTES).toBe(RESUMABLE_UPLOAD_MIN_BYTES);
  });
});
