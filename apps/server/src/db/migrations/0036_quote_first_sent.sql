ALTER TABLE "quote_approvals" ADD COLUMN "pdf_made_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "first_sent_at" timestamp with time zone;--> statement-breakpoint
-- Quotes sent before: the one time kept is the first the audit trail knows of (a Send Again overwrote the rest).
UPDATE "quotes" SET "first_sent_at" = "sent_at" WHERE "sent_at" IS NOT NULL;--> statement-breakpoint
-- Approvals whose PDF was stored before: its email went out with it, so a PDF made again sends none.
UPDATE "quote_approvals" SET "pdf_made_at" = "approved_at" WHERE "pdf_status" = 'done';
