import { Camera, CameraResultType, CameraSource } from '@capacitor/camera';
import type * as CameraModule from '@capacitor/camera';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetNativeAppForTests } from '../../../lib/native-platform';
import { PHOTO_MAX_EDGE } from './compress-photo';
import { CAMERA_DENIED_MESSAGE, CAMERA_FAILED_MESSAGE, cameraFailureMessage, hasNativeCamera, takeNativePhoto } from './native-camera';

vi.mock('@capacitor/camera', async (original) => ({ ...(await original<typeof CameraModule>()), Camera: { getPhoto: vi.fn() } }));
const getPhoto = vi.mocked(Camera.getPhoto);

type TestWindow = { Capacitor?: unknown; CapacitorCustomPlatform?: unknown };
const w = window as unknown as TestWindow;
const saved = { Capacitor: w.Capacitor, CapacitorCustomPlatform: w.CapacitorCustomPlatform };

/** The page as the Android shell makes it: a native platform whose bridge lists `plugins`. */
function inApp(plugins: string[]) {
  resetNativeAppForTests();
  w.CapacitorCustomPlatform = { name: 'android' };
  w.Capacitor = { PluginHeaders: plugins.map((name) => ({ name, methods: [] })) };
}

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 0, 0xff, 0xd9]);

beforeEach(() => getPhoto.mockReset());
afterEach(() => {
  w.Capacitor = saved.Capacitor;
  w.CapacitorCustomPlatform = saved.CapacitorCustomPlatform;
  resetNativeAppForTests();
});

describe('the native camera (@capacitor/camera in the app)', () => {
  it('is used only inside the app, and only when the app was built with the Camera plugin', () => {
    resetNativeAppForTests();
    w.CapacitorCustomPlatform = { name: 'web' };
    expect(hasNativeCamera()).toBe(false);
    inApp(['App', 'Browser']);
    expect(hasNativeCamera()).toBe(false);
    inApp(['App', 'Camera']);
    expect(hasNativeCamera()).toBe(true);
  });

  it('asks for a camera photo as a file (the flow that keeps its EXIF), at most PHOTO_MAX_EDGE, and reads it from its webPath with its name', async () => {
    // The bridge serves the file at webPath (https://localhost/_capacitor_file_/…); here a data: URL holds its bytes.
    const webPath = `data:image/jpeg;base64,${btoa(String.fromCharCode(...JPEG))}`;
    getPhoto.mockResolvedValue({ path: 'file:///data/user/0/app.fieldbook.mobile/cache/JPEG_20260314_090000_1.jpg', webPath, format: 'jpeg', saved: false });
    const file = await takeNativePhoto();
    expect(getPhoto).toHaveBeenCalledWith({ source: CameraSource.Camera, resultType: CameraResultType.Uri, quality: 90, width: PHOTO_MAX_EDGE, height: PHOTO_MAX_EDGE, correctOrientation: true, saveToGallery: false });
    expect(file?.name).toBe('JPEG_20260314_090000_1.jpg');
    expect(file?.type).toBe('image/jpeg');
    expect(new Uint8Array(await file!.arrayBuffer())).toEqual(JPEG);
  });

  it('a cancelled camera is no photo and no error; a refused or failed one is an error with words for the crew', async () => {
    getPhoto.mockRejectedValueOnce(new Error('User cancelled photos app'));
    expect(await takeNativePhoto()).toBeNull();
    getPhoto.mockRejectedValueOnce(Object.assign(new Error('Camera cancelled'), { code: 'OS-PLUG-CAMR-0006' }));
    expect(await takeNativePhoto()).toBeNull();

    const denied = new Error('User denied access to camera');
    getPhoto.mockRejectedValueOnce(denied);
    await expect(takeNativePhoto()).rejects.toBe(denied);
    expect(cameraFailureMessage(denied)).toBe(CAMERA_DENIED_MESSAGE);
    expect(cameraFailureMessage(Object.assign(new Error('x'), { code: 'OS-PLUG-CAMR-0003' }))).toBe(CAMERA_DENIED_MESSAGE);
    expect(cameraFailureMessage(new Error('Unable to process image'))).toBe(CAMERA_FAILED_MESSAGE);
  });
});
