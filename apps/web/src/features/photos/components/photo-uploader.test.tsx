import 'fake-indexeddb/auto';
import { photoEndpoints } from '@fieldbook/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, type FakeApi } from '../../../test/fake-api';
import { offlineQueue } from '../../../lib/offline/offline-queue';
import { setOnline } from '../../../test/online';
import { renderWithProviders, TEST_USER } from '../../../test/render';
import { compressPhoto } from '../lib/compress-photo';
import { CAMERA_DENIED_MESSAGE, hasNativeCamera, takeNativePhoto } from '../lib/native-camera';
import type * as NativeCamera from '../lib/native-camera';
import { JOB_ID, makePhoto } from './photo-fixtures';
import { PhotoUploader } from './photo-uploader';

// The browser's canvas is not in happy-dom: the compression is this module's test (compress-photo.test.ts); here it
// is watched, and answers a smaller file of its own.
vi.mock('../lib/compress-photo', () => ({ compressPhoto: vi.fn(async (file: File) => ({ blob: new File(['small jpeg'], file.name, { type: 'image/jpeg' }), name: file.name })) }));
// The native camera (@capacitor/camera) is its module's test (native-camera.test.ts); here the app's camera is faked.
vi.mock('../lib/native-camera', async (original) => ({ ...(await original<typeof NativeCamera>()), hasNativeCamera: vi.fn(() => false), takeNativePhoto: vi.fn() }));

let api: FakeApi;
beforeEach(() => {
  vi.mocked(compressPhoto).mockClear();
  vi.mocked(hasNativeCamera).mockReturnValue(false);
  vi.mocked(takeNativePhoto).mockReset();
  api = fakeApi();
});
afterEach(async () => {
  await offlineQueue.setUser(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  expect(api.problems).toEqual([]);
});

const photoFile = (name: string) => new File(['a large original jpeg'], name, { type: 'image/jpeg' });

describe('adding photos to a job', () => {
  it('compresses each photo and sends it with the job, the chosen stage and an upload_key; a retry sends the same key and the same bytes', async () => {
    api.on(photoEndpoints.upload, apiError(413, 'PAYLOAD_TOO_LARGE', 'The photo is too large'), ({ form }) => makePhoto(1, { stage: form!.get('stage') as 'before' }));
    renderWithProviders(<PhotoUploader jobId={JOB_ID} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Before' }));
    await userEvent.upload(screen.getByLabelText('Add photos'), [photoFile('roof.jpg')]);

    const item = await screen.findByTestId('upload-item');
    expect(await within(item).findByText('The photo is too large')).toBeTruthy();
    await userEvent.click(within(item).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(screen.getByTestId('upload-item')).getByText('Uploaded')).toBeTruthy());

    const calls = api.calls(photoEndpoints.upload);
    expect(calls).toHaveLength(2);
    const [first, second] = calls.map((c) => c.form!);
    expect(first!.get('job_id')).toBe(JOB_ID);
    expect(first!.get('stage')).toBe('before');
    expect(String(first!.get('upload_key')).length).toBeGreaterThanOrEqual(8);
    expect(second!.get('upload_key')).toBe(first!.get('upload_key'));
    expect(await (first!.get('file') as File).text()).toBe('small jpeg');
    // Compressed once: the retry sends the bytes the first try sent.
    expect(compressPhoto).toHaveBeenCalledTimes(1);
    expect(vi.mocked(compressPhoto).mock.calls[0]![0].name).toBe('roof.jpg');
  });

  it('sends several photos, each with its own upload_key, and shows each one’s progress', async () => {
    const release = api.hold(photoEndpoints.upload, ({ form }) => makePhoto(2, { caption: String(form!.get('upload_key')) }), { progress: 40 });
    renderWithProviders(<PhotoUploader jobId={JOB_ID} />);
    await userEvent.upload(screen.getByLabelText('Add photos'), [photoFile('a.jpg'), photoFile('b.jpg')]);
    await waitFor(() => expect(screen.getAllByTestId('upload-item')[0]!.textContent).toContain('Uploading 40%'));
    expect(screen.getAllByTestId('upload-item')[1]!.textContent).toContain('Pending');
    release();
    api.on(photoEndpoints.upload, makePhoto(3));
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(2));
    const keys = api.calls(photoEndpoints.upload).map((c) => c.form!.get('upload_key'));
    expect(new Set(keys).size).toBe(2);
    expect(api.calls(photoEndpoints.upload).map((c) => c.form!.get('stage'))).toEqual(['during', 'during']);
  });

  it('offers the camera (capture="environment") on a phone', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('coarse'), media: query, onchange: null, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, dispatchEvent: () => false }));
    renderWithProviders(<PhotoUploader jobId={JOB_ID} />);
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeTruthy();
    const camera = screen.getByLabelText('Take photo', { selector: 'input' });
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(camera.getAttribute('accept')).toBe('image/*');
    expect(screen.getByLabelText('Add photos').hasAttribute('multiple')).toBe(true);
  });

  it('offline, each compressed photo waits in the offline queue with its upload_key as the write id, and is sent once when the network returns', async () => {
    api.on(photoEndpoints.upload, ({ form }) => makePhoto(4, { stage: form!.get('stage') as 'after' }));
    renderWithProviders(<PhotoUploader jobId={JOB_ID} />);
    await act(() => offlineQueue.setUser(TEST_USER.id));
    setOnline(false);
    await userEvent.click(screen.getByRole('radio', { name: 'After' }));
    await userEvent.upload(screen.getByLabelText('Add photos'), [photoFile('gutter.jpg'), photoFile('ridge.jpg')]);
    await waitFor(() => expect(offlineQueue.getSnapshot()).toHaveLength(2));
    expect(compressPhoto).toHaveBeenCalledTimes(2);
    expect(api.calls(photoEndpoints.upload)).toHaveLength(0);
    const writes = offlineQueue.getSnapshot();
    for (const write of writes) {
      expect(write.request).toMatchObject({ kind: 'upload', endpoint: 'photos.upload', path: '/api/photos', fields: { job_id: JOB_ID, stage: 'after', upload_key: write.id } });
    }
    expect(writes.map((w) => w.label)).toEqual(['Photo gutter.jpg', 'Photo ridge.jpg']);
    // The panel says they are kept (the grid, the server's photos, cannot show them yet), with a preview of each.
    const waiting = screen.getByLabelText('Photos waiting to upload');
    expect(waiting.textContent).toContain('2 photos wait for a connection');
    expect(waiting.querySelectorAll('img')).toHaveLength(2);

    setOnline(true);
    await act(() => offlineQueue.replay());
    await act(() => offlineQueue.replay());
    const sent = api.calls(photoEndpoints.upload);
    expect(sent.map((c) => c.form!.get('upload_key'))).toEqual(writes.map((w) => w.id));
    expect(await (sent[0]!.form!.get('file') as File).text()).toBe('small jpeg');
    expect(offlineQueue.getSnapshot()).toEqual([]);
    expect(screen.queryByLabelText('Photos waiting to upload')).toBeNull();
  });

  it('in the app, Take photo opens the phone’s camera and its photo takes the same path: compressed, sent with the stage; a refused camera says what to do', async () => {
    vi.mocked(hasNativeCamera).mockReturnValue(true);
    api.on(photoEndpoints.upload, ({ form }) => makePhoto(5, { stage: form!.get('stage') as 'issue' }));
    renderWithProviders(<PhotoUploader jobId={JOB_ID} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Issue' }));

    vi.mocked(takeNativePhoto).mockRejectedValueOnce(new Error('User denied access to camera'));
    await userEvent.click(screen.getByRole('button', { name: 'Take photo' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CAMERA_DENIED_MESSAGE);
    expect(api.calls(photoEndpoints.upload)).toHaveLength(0);

    // Cancelled in the camera: nothing sent, nothing said.
    vi.mocked(takeNativePhoto).mockResolvedValueOnce(null);
    await userEvent.click(screen.getByRole('button', { name: 'Take photo' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(api.calls(photoEndpoints.upload)).toHaveLength(0);

    vi.mocked(takeNativePhoto).mockResolvedValueOnce(photoFile('JPEG_20260314_090000_1.jpg'));
    await userEvent.click(screen.getByRole('button', { name: 'Take photo' }));
    await waitFor(() => expect(within(screen.getByTestId('upload-item')).getByText('Uploaded')).toBeTruthy());
    expect(vi.mocked(compressPhoto).mock.calls.map((c) => c[0].name)).toEqual(['JPEG_20260314_090000_1.jpg']);
    const [sent] = api.calls(photoEndpoints.upload);
    expect(sent!.form!.get('stage')).toBe('issue');
    expect(await (sent!.form!.get('file') as File).text()).toBe('small jpeg');
    expect(takeNativePhoto).toHaveBeenCalledTimes(3);
  });
});
