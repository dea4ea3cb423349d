import imageCompression from 'browser-image-compression';

/** The long edge a photo is brought down to before upload: enough to read a shingle's damage, a twentieth of a raw one. */
export const PHOTO_MAX_EDGE = 2560;
/** The size aimed at (MB); the library lowers the quality in steps until the file fits. */
export const PHOTO_TARGET_MB = 1.5;

/**
 * A photo made smaller in the browser before upload (browser-image-compression): at most PHOTO_MAX_EDGE px on its
 * long edge and about PHOTO_TARGET_MB. `preserveExif` copies the JPEG's EXIF (time taken, GPS) into the smaller file
 * — the server reads taken_at and the place from it — with the orientation set upright, as the pixels are drawn. A PNG
 * becomes a JPEG (a photo in PNG is many times larger, and has no EXIF to keep). No web worker: the library's worker
 * loads its script from a CDN, which the page's Content-Security-Policy refuses and a crew offline cannot reach.
 * An image the browser cannot decode (a HEIC on a desktop browser) is sent as it is: the server says why it refuses it.
 */
export async function compressPhoto(file: File): Promise<{ blob: Blob; name: string }> {
  if (!/^image\/(jpeg|png|webp)$/.test(file.type)) return { blob: file, name: file.name };
  const toJpeg = file.type === 'image/png';
  try {
    const blob = await imageCompression(file, {
      maxWidthOrHeight: PHOTO_MAX_EDGE,
      maxSizeMB: PHOTO_TARGET_MB,
      preserveExif: true,
      useWebWorker: false,
      ...(toJpeg ? { fileType: 'image/jpeg' } : {}),
    });
    // Never send the larger of the two (a small, well-compressed photo re-encoded may grow).
    if (blob.size >= file.size) return { blob: file, name: file.name };
    return { blob, name: toJpeg ? file.name.replace(/\.png$/i, '') + '.jpg' : file.name };
  } catch {
    return { blob: file, name: file.name };
  }
}
