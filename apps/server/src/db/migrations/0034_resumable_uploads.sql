CREATE TABLE "resumable_upload_parts" (
	"key" text PRIMARY KEY NOT NULL,
	"upload_id" text NOT NULL,
	"start" bigint NOT NULL,
	"size" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resumable_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"upload_length" bigint NOT NULL,
	"upload_offset" bigint DEFAULT 0 NOT NULL,
	"file_name" text,
	"fields" jsonb NOT NULL,
	"file_kind" text,
	"status" text DEFAULT 'receiving' NOT NULL,
	"locked_until" timestamp with time zone,
	"result_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resumable_upload_parts" ADD CONSTRAINT "resumable_upload_parts_upload_id_resumable_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."resumable_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resumable_upload_parts_upload_idx" ON "resumable_upload_parts" USING btree ("upload_id","start");--> statement-breakpoint
CREATE INDEX "resumable_uploads_user_status_idx" ON "resumable_uploads" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "resumable_uploads_expires_at_idx" ON "resumable_uploads" USING btree ("expires_at");