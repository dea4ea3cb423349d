import { DocumentSchema, documentEndpoints } from '@fieldbook/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCallback } from 'react';
import { DropZone } from '../../components/upload/drop-zone';
import { UploadList } from '../../components/upload/upload-list';
import { makeDocument } from '../../test/factories';
import { renderWithProviders } from '../../test/render';
import type * as apiClient from '../api-client';
import { refreshApiAccess } from '../api-client';
import { uploadFile } from './upload-file';
import { useUploadQueue } from './use-upload-queue';

// The queue, drop zone and list as documents and recordings use them: the transport's token, its one refresh after
// a 401 and its retries are the real ones; only the network (XMLHttpRequest) and the session are fakes.
vi.mock('../api-client', async (original) => ({
  ...(await original<typeof apiClient>()),
  rawApiAccess: async () => ({ baseUrl: 'http://api.test', token: 'old-token' }),
  refreshApiAccess: vi.fn(async () => ({ token: 'new-token' })),
  RETRY_BASE_DELAY_MS: 1,
}));

type Step = (xhr: FakeXhr) => void;

/** An XMLHttpRequest whose answers the test scripts, one step per request sent. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  static steps: Step[] = [];
  headers: Record<string, string> = {};
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  statusText = '';
  response: unknown = null;
  responseType = '';
  url = '';
  body: FormData | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
    const step = FakeXhr.steps.shift();
    if (step) setTimeout(() => step(this), 0);
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.response = body;
    this.onload?.();
  }
}

const stored = makeDocument('invoice.pdf', { status: 'processing', processed_at: null });
const created: Step = (xhr) => xhr.respond(201, stored);

beforeEach(() => {
  FakeXhr.sent = [];
  FakeXhr.steps = [];
  vi.mocked(refreshApiAccess).mockClear();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('fetch', async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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
    let first: FakeXhr | null = null;
    FakeXhr.steps.push((xhr) => {
      first = xhr;
      xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
    }, created);
    await pick('invoice.pdf', 'photo.pdf');
    await waitFor(() => expect(item('invoice.pdf').textContent).toContain('Uploading 40%'));
    expect(item('photo.pdf').textContent).toContain('Pending');
    expect(FakeXhr.sent[0]!.headers.Authorization).toBe('Bearer old-token');
    expect(FakeXhr.sent[0]!.url).toBe('http://api.test/api/process-documents');
    first!.respond(201, stored);
    await waitFor(() => expect(item('invoice.pdf').textContent).toContain('Uploaded'));
    await waitFor(() => expect(item('photo.pdf').textContent).toContain('Uploaded'));
    expect(FakeXhr.sent).toHaveLength(2);
  });

  it('a 401 refreshes the session once and sends the file again with the new token', async () => {
    FakeXhr.steps.push((xhr) => xhr.respond(401, { error: { code: 'UNAUTHORIZED', message: 'Sign in again' } }), created);
    await pick('invoice.pdf');
    await waitFor(() => expect(item('invoice.pdf').textContent).toContain('Uploaded'));
    expect(refreshApiAccess).toHaveBeenCalledTimes(1);
    expect(FakeXhr.sent.map((x) => x.headers.Authorization)).toEqual(['Bearer old-token', 'Bearer new-token']);
  });

  it('a 401 after the refresh fails the file (no second refresh), with Retry', async () => {
    const unauthorized: Step = (xhr) => xhr.respond(401, { error: { code: 'UNAUTHORIZED', message: 'Sign in again' } });
    FakeXhr.steps.push(unauthorized, unauthorized);
    await pick('invoice.pdf');
    await waitFor(() => expect(within(item('invoice.pdf')).getByRole('alert').textContent).toBe('Authentication required'));
    expect(refreshApiAccess).toHaveBeenCalledTimes(1);
    expect(FakeXhr.sent).toHaveLength(2);
  });

  it('a network failure and a 502 are tried again with backoff; the file is uploaded once the server answers', async () => {
    FakeXhr.steps.push((xhr) => xhr.onerror?.(), (xhr) => xhr.respond(502, null), created);
    await pick('invoice.pdf');
    await waitFor(() => expect(item('invoice.pdf').textContent).toContain('Uploaded'));
    expect(FakeXhr.sent).toHaveLength(3);
  });

  it('a 4xx is final: the server’s message shows at once with Retry, which sends the file again', async () => {
    const message = 'Unsupported file type: upload a PDF, Word document (doc, docx), JPEG or PNG image, or plain text file';
    FakeXhr.steps.push((xhr) => xhr.respond(415, { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message } }), created);
    await pick('program.pdf');
    await waitFor(() => expect(within(item('program.pdf')).getByRole('alert').textContent).toBe(message));
    expect(FakeXhr.sent).toHaveLength(1);
    fireEvent.click(within(item('program.pdf')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(item('program.pdf').textContent).toContain('Uploaded'));
    expect(FakeXhr.sent).toHaveLength(2);
  });

  it('a network failure on every try fails the file with its reason', async () => {
    const down: Step = (xhr) => xhr.onerror?.();
    FakeXhr.steps.push(down, down, down);
    await pick('invoice.pdf');
    await waitFor(() => expect(within(item('invoice.pdf')).getByRole('alert').textContent).toBe('Upload failed: the server could not be reached'));
    expect(FakeXhr.sent).toHaveLength(3);
  });
});
