ALTER TABLE "documents" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "request_id" text;