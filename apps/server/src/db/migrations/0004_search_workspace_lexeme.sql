CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce("title", '') || ' ' || coalesce("client_name", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("property_address", '') || ' ' || coalesce("claim_number", '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'C') || array_to_tsvector(ARRAY['ws' || replace("workspace_id"::text, '-', '')])) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "description") || array_to_tsvector(ARRAY['ws' || replace("workspace_id"::text, '-', '')])) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- drizzle-kit re-creates the column but not its index (dropping the column dropped it); the snapshot already lists both.
CREATE INDEX "jobs_search_vector_idx" ON "jobs" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "tasks_search_vector_idx" ON "tasks" USING gin ("search_vector");
