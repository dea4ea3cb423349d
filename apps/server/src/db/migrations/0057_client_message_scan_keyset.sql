DROP INDEX "client_message_queue_due_idx";--> statement-breakpoint
ALTER TABLE "client_message_settings" ADD COLUMN "quote_cursor_id" uuid;--> statement-breakpoint
ALTER TABLE "client_message_settings" ADD COLUMN "review_cursor_id" uuid;--> statement-breakpoint
CREATE INDEX "quotes_workspace_first_sent_idx" ON "quotes" USING btree ("workspace_id","first_sent_at","id") WHERE "quotes"."first_sent_at" is not null;--> statement-breakpoint
CREATE INDEX "client_message_queue_workspace_due_idx" ON "client_message_queue" USING btree ("workspace_id","due_at") WHERE "client_message_queue"."status" = 'pending';