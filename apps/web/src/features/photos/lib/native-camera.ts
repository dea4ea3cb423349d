import { isNativeApp } from '../../../lib/native-platform';
import { PHOTO_MAX_EDGE } from './compress-photo';

/** What the native bridge puts on the page: the plugins the app was built with (`@capacitor/core` reads the same list). */
type BridgeWindow = { Capacitor?: { PluginHeaders?: { name: string }[] } };

/**
 * Whether "Take photo" opens the phone's own camera through `@capacitor/camera` (issue 35): inside the mobile app, when
 * the app was built with the Camera plugin. Read from the bridge's plugin list without loading @capacitor/core (the
 * login route's 150 kB, design.md §11); an app built without the plugin keeps the web's camera input.
 */
export function hasNativeCamera(): boolean {
  if (!isNativeApp()) return false;
  return (window as unknown as BridgeWindow).Capacitor?.PluginHeaders?.some((h) => h.name === 'Camera') ?? false;
}

/** The camera plugin's answers as they reach the page: a rejection carries the native message, and from 8.2 a code. */
type CameraError = { message?: unknown; code?: unknown };

/** Cancelled in the camera (back, or its ✕): nothing to say. Android's and iOS's legacy words, and 8.2's codes. */
function isCancelled(err: unknown): boolean {
  const { message, code } = (err ?? {}) as CameraError;
  return code === 'OS-PLUG-CAMR-0006' || code === 'OS-PLUG-CAMR-0020' || (typeof message === 'string' && /cancel/i.test(message));
}

/** The camera is not allowed for the app: "User denied access to camera" (Android, iOS), or 8.2's code. */
export function isCameraDenied(err: unknown): boolean {
  const { message, code } = (err ?? {}) as CameraError;
  return code === 'OS-PLUG-CAMR-0003' || (typeof message === 'string' && /denied|not authori[sz]ed|permission/i.test(message));
}

export const CAMERA_DENIED_MESSAGE = 'Fieldbook may not use the camera. Allow the camera for Fieldbook in your phone’s settings, then tap Take photo again.';
export const CAMERA_FAILED_MESSAGE = 'The camera could not take the photo. Try again, or add it with Add photos.';

/** What to tell the crew when the phone's camera failed. */
export function cameraFailureMessage(err: unknown): string {
  return isCameraDenied(err) ? CAMERA_DENIED_MESSAGE : CAMERA_FAILED_MESSAGE;
}

/** The file's name: the last part of the native path (JPEG_20260314_090000_….jpg on Android), else one made up. */
function fileNameOf(path: string | undefined, format: string): string {
  const last = path?.split(/[/?#]/).filter(Boolean).pop();
  return last && /\.[a-z0-9]+$/i.test(last) ? decodeURIComponent(last) : `photo-${Date.now()}.${format}`;
}

/**
 * One photo from the phone's camera (Camera.getPhoto, source Camera), as a File for the same compress → upload/queue
 * path as the web's camera input; null when the crew cancelled. getPhoto's Uri result, not takePhoto: its Android
 * flow copies the original's EXIF (time taken, its offset, GPS) into the file it returns (ExifWrapper.copyExif) — the
 * server reads taken_at and the place from it. The native side already brings the photo down to PHOTO_MAX_EDGE, so
 * the WebView never decodes a 50-megapixel image; the browser's compression still decides the final size. The file
 * is read from its webPath (the bridge serves the app's files at its own origin). The plugin loads on the first tap.
 */
export async function takeNativePhoto(): Promise<File | null> {
  const { Camera, CameraResultType, CameraSource } = await import('@capacitor/camera');
  let photo: Awaited<ReturnType<typeof Camera.getPhoto>>;
  try {
    // Marked deprecated in 8.x in favour of takePhoto; kept for the EXIF (above).
    photo = await Camera.getPhoto({
      source: CameraSource.Camera,
      resultType: CameraResultType.Uri,
      quality: 90,
      width: PHOTO_MAX_EDGE,
      height: PHOTO_MAX_EDGE,
      correctOrientation: true,
      saveToGallery: false,
    });
  } catch (err) {
    if (isCancelled(err)) return null;
    throw err;
  }
  if (!photo.webPath) throw new Error('The camera answered without a photo');
  const res = await fetch(photo.webPath);
  if (!res.ok) throw new Error(`The photo could not be read (${res.status})`);
  const blob = await res.blob();
  const format = photo.format === 'jpg' ? 'jpeg' : photo.format || 'jpeg';
  return new File([blob], fileNameOf(photo.path ?? photo.webPath, format === 'jpeg' ? 'jpg' : format), { type: `image/${format}`, lastModified: Date.now() });
}
