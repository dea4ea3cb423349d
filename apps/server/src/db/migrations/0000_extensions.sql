-- drizzle-kit emits no CREATE EXTENSION: trigram similarity for search (design.md §3).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
