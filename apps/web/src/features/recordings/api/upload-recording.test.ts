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
