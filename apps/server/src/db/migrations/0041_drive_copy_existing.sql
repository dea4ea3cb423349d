CREATE TABLE "drive_folder_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"upload_key" text NOT NULL,
	"drive_file_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drive_connect_results" DROP CONSTRAINT "drive_connect_results_session_id_auth_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "drive_connect_results" ALTER COLUMN "session_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "drive_copies" ADD COLUMN "existing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "drive_folder_uploads" ADD CONSTRAINT "drive_folder_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drive_folder_uploads_key_idx" ON "drive_folder_uploads" USING btree ("user_id","upload_key");--> statement-breakpoint
CREATE INDEX "drive_folder_uploads_created_idx" ON "drive_folder_uploads" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "drive_connect_results" ADD CONSTRAINT "drive_connect_results_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE set null ON UPDATE no action;