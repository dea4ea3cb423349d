CREATE TABLE "workspace_counts" (
	"workspace_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"status" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "workspace_counts_workspace_id_entity_status_pk" PRIMARY KEY("workspace_id","entity","status")
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce("title", '') || ' ' || coalesce("client_name", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("property_address", '') || ' ' || coalesce("claim_number", '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "description")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_workspace_open_due_idx" ON "jobs" USING btree ("workspace_id","due_date","created_at" DESC NULLS LAST) WHERE "jobs"."status" <> 'completed';--> statement-breakpoint
CREATE INDEX "jobs_search_vector_idx" ON "jobs" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "tasks_search_vector_idx" ON "tasks" USING gin ("search_vector");