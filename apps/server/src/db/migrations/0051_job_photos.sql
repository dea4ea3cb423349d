CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"author_id" uuid,
	"upload_key" text,
	"status" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" bigint DEFAULT 0 NOT NULL,
	"width" integer,
	"height" integer,
	"orientation" integer DEFAULT 1 NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"taken_at_source" text DEFAULT 'upload' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"stage" text DEFAULT 'during' NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"thumbnail_key" text,
	"processing_error" text,
	"markup" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "caption") || array_to_tsvector(ARRAY['ws' || replace("workspace_id"::text, '-', '')])) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_job_taken_idx" ON "photos" USING btree ("job_id","taken_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "photos_workspace_taken_idx" ON "photos" USING btree ("workspace_id","taken_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "photos_job_stage_taken_idx" ON "photos" USING btree ("job_id","stage","taken_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "photos_author_upload_key_idx" ON "photos" USING btree ("author_id","upload_key") WHERE "photos"."upload_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "photos_queue_idx" ON "photos" USING btree ("next_attempt_at") WHERE "photos"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "photos_uploading_idx" ON "photos" USING btree ("created_at") WHERE "photos"."status" = 'uploading';--> statement-breakpoint
CREATE INDEX "photos_search_vector_idx" ON "photos" USING gin ("search_vector");