ALTER TABLE "invitations" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "code_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "code_attempts" integer DEFAULT 0 NOT NULL;