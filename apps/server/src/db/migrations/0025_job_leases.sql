ALTER TABLE "outbox_messages" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "locked_until" timestamp with time zone;