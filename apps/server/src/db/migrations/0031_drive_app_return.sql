CREATE TABLE "drive_connect_results" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"google_email" text NOT NULL,
	"google_name" text NOT NULL,
	"refresh_token_enc" text NOT NULL,
	"access_token_enc" text NOT NULL,
	"access_token_expires_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drive_oauth_states" ADD COLUMN "client" text DEFAULT 'browser' NOT NULL;--> statement-breakpoint
ALTER TABLE "drive_connect_results" ADD CONSTRAINT "drive_connect_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_connect_results" ADD CONSTRAINT "drive_connect_results_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drive_connect_results_expires_idx" ON "drive_connect_results" USING btree ("expires_at");