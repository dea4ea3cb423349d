import type { z } from 'zod';

declare const schemaBrand: unique symbol;

/**
 * JSON text for one contract shape, built by PostgreSQL — or by a handler that builds its answer field by field from
 * the shape (the schedule board's week, the search), where zod's encoding would only copy it. The brand carries the
 * schema the text must satisfy, so a route (platform/endpoint.ts) can only send text of its own response schema; in
 * tests every such answer is parsed against that schema (checkResponsesAgainstContract). Sent as-is: no row mapping,
 * no second serialization.
 */
export type JsonText<S extends z.ZodType> = string & { readonly [schemaBrand]: S };

/** Marks built JSON text as an answer of `schema` — where the SQL or the code that builds it is written. */
export function asJsonText<S extends z.ZodType>(_schema: S, text: string): JsonText<S> {
  return text as JsonText<S>;
}
