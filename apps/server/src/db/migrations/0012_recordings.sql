CREATE TABLE "recording_contacts" (
	"recording_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"assigned_by" uuid,
	"recording_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recording_contacts_recording_id_contact_id_pk" PRIMARY KEY("recording_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "recordings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"group_id" text,
	"upload_key" text,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"mime_type" text NOT NULL,
	"file_size" integer DEFAULT 0 NOT NULL,
	"duration_seconds" real,
	"direction" text DEFAULT 'unknown' NOT NULL,
	"phone_number" text,
	"recorded_at" timestamp with time zone,
	"file_user_id" text,
	"status" text NOT NULL,
	"storage_key" text NOT NULL,
	"transcription_status" text DEFAULT 'pending' NOT NULL,
	"transcript_segments" jsonb,
	"transcript_text" text,
	"transcript_engine" text,
	"transcription_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, "file_name" || ' ' || coalesce("phone_number", '')), 'A') || setweight(to_tsvector('english'::regconfig, left(coalesce("transcript_text", ''), 200000)), 'C') || array_to_tsvector(ARRAY['ws' || replace("workspace_id"::text, '-', '')])) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recording_contacts" ADD CONSTRAINT "recording_contacts_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_contacts" ADD CONSTRAINT "recording_contacts_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_contacts" ADD CONSTRAINT "recording_contacts_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recording_contacts_contact_idx" ON "recording_contacts" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "recordings_user_created_idx" ON "recordings" USING btree ("user_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "recordings_workspace_created_idx" ON "recordings" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "recordings_created_idx" ON "recordings" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "recordings_user_upload_key_idx" ON "recordings" USING btree ("user_id","upload_key") WHERE "recordings"."upload_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "recordings_transcription_queue_idx" ON "recordings" USING btree ("next_attempt_at") WHERE "recordings"."status" = 'stored' AND "recordings"."transcription_status" IN ('pending', 'processing');--> statement-breakpoint
CREATE INDEX "recordings_uploading_idx" ON "recordings" USING btree ("created_at") WHERE "recordings"."status" = 'uploading';--> statement-breakpoint
CREATE INDEX "recordings_search_vector_idx" ON "recordings" USING gin ("search_vector");