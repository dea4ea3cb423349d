ALTER TABLE "workspaces" ADD COLUMN "recording_consent_notice" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "recording_consent_updated_at" timestamp with time zone;