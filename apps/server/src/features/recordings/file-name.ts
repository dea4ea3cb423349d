import type { RecordingDirection } from '@fieldbook/contract';
import { instantToWallTime, wallTimeToInstant } from '../../platform/time-zone';

export type ParsedRecordingName = { direction: RecordingDirection; recordedAt: Date; phone: string; userId: string };

const DIRECTIONS: Record<string, RecordingDirection> = { incoming: 'incoming', in: 'incoming', outgoing: 'outgoing', out: 'outgoing' };

/**
 * Spec 001 §3: `direction_date_time_phone_userId.m4a` — e.g. `incoming_20261124_153012_5125550100_<user id>.m4a`:
 * direction, the date as 8 digits (YYYYMMDD), the time as 6 (HHMMSS), the other party's number and the recorder's
 * user id. The date and time are the phone's wall clock: read in `timeZone` (the uploader's IANA zone; UTC when the
 * upload named none). Null for any other name, and for a date or time that does not exist.
 */
export function parseRecordingName(fileName: string, timeZone = 'UTC'): ParsedRecordingName | null {
  const m = /^([A-Za-z]+)_(\d{8})_(\d{6})_([^_]+)_(.+)\.m4a$/i.exec(fileName.trim());
  if (!m) return null;
  const [, dir, date, time, phone, userId] = m as unknown as [string, string, string, string, string, string];
  const direction = DIRECTIONS[dir.toLowerCase()];
  if (!direction) return null;
  const [y, mo, d] = [Number(date.slice(0, 4)), Number(date.slice(4, 6)), Number(date.slice(6, 8))];
  const [h, mi, s] = [Number(time.slice(0, 2)), Number(time.slice(2, 4)), Number(time.slice(4, 6))];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  const real = at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
  if (!real) return null;
  return { direction, recordedAt: wallTimeToInstant({ year: y, month: mo, day: d, hour: h, minute: mi, second: s }, timeZone), phone, userId };
}

/** Spec 002 §3: a name starting with 'incoming' is an incoming call, 'outgoing' an outgoing one, else unknown. */
export function directionFromName(fileName: string): RecordingDirection {
  return /^incoming/i.test(fileName) ? 'incoming' : /^outgoing/i.test(fileName) ? 'outgoing' : 'unknown';
}

/**
 * Spec 001 §7: transcript files are named with a 'phone_' prefix, the date-time and the number, e.g.
 * phone_20261124_153012_5125550100.txt: the call's time on the uploader's wall clock (`timeZone`, the zone its file
 * name was read in; UTC when none was sent), so it matches the recording's own name; 'unknown' without a number.
 */
export function transcriptFileName(calledAt: Date, phone: string | null, timeZone: string | null = null): string {
  const w = instantToWallTime(calledAt, timeZone ?? 'UTC');
  const two = (n: number) => String(n).padStart(2, '0');
  const stamp = `${w.year}${two(w.month)}${two(w.day)}_${two(w.hour)}${two(w.minute)}${two(w.second)}`;
  return `phone_${stamp}_${(phone ?? '').replace(/[^\d+]/g, '') || 'unknown'}.txt`;
}
