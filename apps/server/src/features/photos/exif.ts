import { wallTimeToInstant, type PhotoTimeSource } from '@fieldbook/contract';
import exifr from 'exifr';

/** EXIF is read from this much of the file's start at most: a JPEG's APP1 segment is at most 64 KB, right after SOI. */
export const EXIF_HEAD_BYTES = 128 * 1024;

export type PhotoExif = {
  takenAt: Date | null;
  takenAtSource: Exclude<PhotoTimeSource, 'upload'> | null;
  latitude: number | null;
  longitude: number | null;
  /** 1–8; 1 when absent or out of range. */
  orientation: number;
};

const NONE: PhotoExif = { takenAt: null, takenAtSource: null, latitude: null, longitude: null, orientation: 1 };
const EXIF_TIME = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;
const EXIF_OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/**
 * The time taken, the place and the orientation from a photo's EXIF (exifr), read from at most EXIF_HEAD_BYTES of
 * its start — a bounded parse of bytes anyone may send, so it runs here rather than in the decoding child. Values
 * are kept raw (no revival: exifr would read a time without offset in the server's zone) and checked here:
 * DateTimeOriginal with OffsetTimeOriginal is an instant ('exif'); without an offset it is the camera's wall clock,
 * read in `timeZone` ('exif_local'). Anything missing, malformed or out of range is null; a file without EXIF is NONE.
 */
export async function readPhotoExif(head: Buffer, timeZone: string): Promise<PhotoExif> {
  let raw: Record<string, unknown> | undefined;
  try {
    raw = (await exifr.parse(head.subarray(0, EXIF_HEAD_BYTES), {
      pick: ['DateTimeOriginal', 'OffsetTimeOriginal', 'GPSLatitude', 'GPSLatitudeRef', 'GPSLongitude', 'GPSLongitudeRef', 'Orientation'],
      reviveValues: false,
      translateValues: false,
    })) as Record<string, unknown> | undefined;
  } catch {
    return NONE; // not an image exifr knows, or damaged metadata: the photo keeps the upload time
  }
  if (!raw) return NONE;
  const orientation = typeof raw.Orientation === 'number' && Number.isInteger(raw.Orientation) && raw.Orientation >= 1 && raw.Orientation <= 8 ? raw.Orientation : 1;
  const { latitude, longitude } = raw;
  const hasPlace = typeof latitude === 'number' && typeof longitude === 'number' && Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
  return { ...takenAt(raw.DateTimeOriginal, raw.OffsetTimeOriginal, timeZone), latitude: hasPlace ? latitude : null, longitude: hasPlace ? longitude : null, orientation };
}

function takenAt(time: unknown, offset: unknown, timeZone: string): Pick<PhotoExif, 'takenAt' | 'takenAtSource'> {
  const m = typeof time === 'string' ? EXIF_TIME.exec(time.trim()) : null;
  if (!m) return { takenAt: null, takenAtSource: null };
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return { takenAt: null, takenAtSource: null };
  const o = typeof offset === 'string' ? EXIF_OFFSET.exec(offset.trim()) : null;
  if (o) {
    const offsetMs = (o[1] === '-' ? -1 : 1) * (Number(o[2]) * 60 + Number(o[3])) * 60_000;
    const instant = new Date(Date.UTC(year, month - 1, day, hour, minute, second) - offsetMs);
    if (Number(o[2]) <= 14 && !Number.isNaN(instant.getTime())) return { takenAt: instant, takenAtSource: 'exif' };
  }
  const local = wallTimeToInstant({ year, month, day, hour, minute, second }, timeZone);
  return Number.isNaN(local.getTime()) ? { takenAt: null, takenAtSource: null } : { takenAt: local, takenAtSource: 'exif_local' };
}
