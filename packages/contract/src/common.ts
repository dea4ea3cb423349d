import { z } from 'zod';

/** Route params carrying one uuid; a malformed id is a 400 naming the field. */
export const IdParamsSchema = z.object({ id: z.uuid() });

/** A list page: `limit`/`offset` with a `total`. */
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const OkSchema = z.object({ ok: z.literal(true) });
