import { apiBaseUrl } from '../../../lib/api-base';
import { PHOTO_STAGES, type Photo, type PhotoStage } from '@fieldbook/contract';

export const STAGE_LABELS: Record<PhotoStage, string> = { before: 'Before', during: 'During', after: 'After', issue: 'Issue', receipt: 'Receipt' };
export const STAGE_OPTIONS = PHOTO_STAGES.map((value) => ({ value, label: STAGE_LABELS[value] }));

/** When a photo was taken, in the workspace's zone: "Mar 14, 2026, 9:05 AM". */
export function takenAtText(photo: Pick<Photo, 'taken_at'>, timeZone: string): string {
  return new Date(photo.taken_at).toLocaleString('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** Where it was taken, as a maps link (null without GPS). */
export function mapsUrl(photo: Pick<Photo, 'latitude' | 'longitude'>): string | null {
  if (photo.latitude === null || photo.longitude === null) return null;
  return `https://www.google.com/maps/search/?api=1&query=${photo.latitude.toFixed(6)},${photo.longitude.toFixed(6)}`;
}

/** A short alt text: the caption, else the stage and the time. */
export function photoAlt(photo: Pick<Photo, 'caption' | 'stage'>): string {
  return photo.caption || `${STAGE_LABELS[photo.stage]} photo`;
}

/**
 * An image's address for <img src>: the server answers signed paths ('/api/photo-images/…'), which must go to the API's
 * origin — in the phone app, or with another API address stored, that is not the page's.
 */
export function imageSrc(path: string): string {
  return path.startsWith('/') ? `${apiBaseUrl().replace(/\/+$/, '')}${path}` : path;
}
