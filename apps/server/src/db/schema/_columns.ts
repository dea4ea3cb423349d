import { sql } from 'drizzle-orm';
import { customType, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Columns every table has (design.md §4). */
export const id = () => uuid().primaryKey().defaultRandom();
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** A row's owner: a required uuid that goes with the row it names (`on delete cascade`), e.g. its workspace or job. */
export const ownerRef = (column: () => AnyPgColumn) => uuid().notNull().references(column, { onDelete: 'cascade' });

/** PostgreSQL's full-text document type (drizzle has no built-in for it). */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/**
 * The lexeme 'ws<workspace id without dashes>' in a row's search vector. A search ANDs it into the query
 * (features/search), so GIN intersects posting lists inside the index: cost follows the caller's matches,
 * not every tenant's. Plain sql.raw: it names the row's own column inside a generated-column expression.
 */
export const WORKSPACE_LEXEME_SQL = sql.raw(`array_to_tsvector(ARRAY['ws' || replace("workspace_id"::text, '-', '')])`);
