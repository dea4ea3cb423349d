import { z } from 'zod';
import { canonicalTimeZone, isIanaTimeZone } from './time-zone';

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

export const TIME_ZONE_INVALID = 'time_zone must be an IANA time zone, e.g. America/Chicago';
/**
 * An IANA time zone name (America/Chicago, Europe/Berlin, UTC): what a browser's or phone's settings say. Spelled as
 * the runtime spells it ('america/chicago' → 'America/Chicago'), so a stored zone matches the list a form offers.
 */
export const TimeZoneSchema = z
  .string({ error: TIME_ZONE_INVALID })
  .trim()
  .max(64, { error: TIME_ZONE_INVALID })
  .refine(isIanaTimeZone, { error: TIME_ZONE_INVALID })
  .transform(canonicalTimeZone);
