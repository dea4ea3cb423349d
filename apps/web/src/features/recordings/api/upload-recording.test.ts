import { RecordingDetailSchema } from '@fieldbook/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';

const uploadFile = vi.fn(async () => ({}));
vi.mock('../../../lib/uploads/upload-file', () => ({ uploadFile }));

afterEach(() => vi.restoreAllMocks());

describe('uploadRecording', () => {
  it('sends the browser’s time zone, so the file name’s local time is read in it', async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'America/Chicago' } as Intl.ResolvedDateTimeFormatOptions);
    const { uploadRecording } = await import('./upload-recording');
    await uploadRecording(new Blob(['x']), { fileName: 'incoming_20261124_153012_5125550100_u1.m4a', uploadKey: 'key-12345678', onProgress: () => {} });
    expect(uploadFile).toHaveBeenCalledWith(expect.objectContaining({ fields: expect.objectContaining({ time_zone: 'America/Chicago' }), schema: RecordingDetailSchema }));
  });
});

describe('recordingUploadWrite', () => {
  it('queues the file with its upload_key equal to the write id (the replay of a lost answer finds the stored one)', async () => {
    const { recordingUploadWrite } = await import('./upload-recording');
    const file = new Blob(['x'], { type: 'audio/webm' });
    const write = recordingUploadWrite(file, { fileName: 'manual_20261126_101500.webm', groupId: 'crew-a' });
    expect(write.request).toMatchObject({ kind: 'upload', endpoint: 'recordings.upload', path: '/api/recordings', fileName: 'manual_20261126_101500.webm', file });
    expect(write.request.kind === 'upload' && write.request.fields).toMatchObject({ upload_key: write.id, group_id: 'crew-a' });
    expect(write.label).toBe('Recording manual_20261126_101500.webm');
  });
});
