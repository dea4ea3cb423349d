import { z } from 'zod';

/** Route params carrying one uuid; a malformed id is a 400 naming the field. */
export const IdParamsSchema = z.object({ id: z.uuid() });

/** The paging fields of a list query: `limit` (1..max, default) and `offset`; each list passes its own numbers. */
export function pageQueryShape({ defaultLimit, maxLimit, maxOffset = 1_000_000 }: { defaultLimit: number; maxLimit: number; maxOffset?: number }) {
  return {
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    offset: z.coerce.number().int().min(0).max(maxOffset).default(0),
  };
}

/** Optional free text: trimmed, at most `max` characters; empty or absent → null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

export const OkSchema = z.object({ ok: z.literal(true) });

/** Whether this runtime's time-zone database (ICU: the browser's, Node's) knows `name` as an IANA zone. */
export function isIanaTimeZone(name: string): boolean {
  // Names only: Intl also takes offsets like '+05:00', which carry no daylight-saving rules.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const TIME_ZONE_INVALID = 'time_zone must be an IANA time zone, e.g. America/Chicago';
/** An IANA time zone name (America/Chicago, Europe/Berlin, UTC): what a browser's or phone's settings say. */
export const TimeZoneSchema = z.string().trim().max(64, { error: TIME_ZONE_INVALID }).refine(isIanaTimeZone, { error: TIME_ZONE_INVALID });
