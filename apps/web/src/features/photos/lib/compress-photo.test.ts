import imageCompression from 'browser-image-compression';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { compressPhoto, PHOTO_MAX_EDGE, PHOTO_TARGET_MB } from './compress-photo';

vi.mock('browser-image-compression', () => ({ default: vi.fn() }));
const compress = vi.mocked(imageCompression);

const big = (name: string, type: string) => new File([new Uint8Array(4000)], name, { type });

beforeEach(() => compress.mockReset());

describe('compressPhoto', () => {
  it('asks for 2560 px and ~1.5 MB with the EXIF kept (time and GPS for the server), without the CDN-loading web worker', async () => {
    compress.mockResolvedValue(new File([new Uint8Array(1000)], 'roof.jpg', { type: 'image/jpeg' }));
    const out = await compressPhoto(big('roof.jpg', 'image/jpeg'));
    expect(compress).toHaveBeenCalledWith(expect.any(File), { maxWidthOrHeight: PHOTO_MAX_EDGE, maxSizeMB: PHOTO_TARGET_MB, preserveExif: true, useWebWorker: false });
    expect(PHOTO_MAX_EDGE).toBe(2560);
    expect(out.blob.size).toBe(1000);
    expect(out.name).toBe('roof.jpg');
  });

  it('turns a PNG into a JPEG named .jpg', async () => {
    // With preserveExif the library answers a Blob (its types say File).
    compress.mockResolvedValue(new Blob([new Uint8Array(900)], { type: 'image/jpeg' }) as File);
    const out = await compressPhoto(big('Screen.PNG', 'image/png'));
    expect(compress.mock.calls[0]![1]).toMatchObject({ fileType: 'image/jpeg' });
    expect(out.name).toBe('Screen.jpg');
  });

  it('sends the original when the result is not smaller, when the browser cannot decode it, and for a type it cannot draw (HEIC: the server says why)', async () => {
    const jpeg = big('small.jpg', 'image/jpeg');
    compress.mockResolvedValueOnce(new Blob([new Uint8Array(5000)], { type: 'image/jpeg' }) as File);
    expect((await compressPhoto(jpeg)).blob).toBe(jpeg);
    compress.mockRejectedValueOnce(new Error('not a valid JPEG'));
    expect((await compressPhoto(jpeg)).blob).toBe(jpeg);
    const heic = big('IMG_1.HEIC', 'image/heic');
    expect((await compressPhoto(heic)).blob).toBe(heic);
    expect(compress).toHaveBeenCalledTimes(2);
  });
});
