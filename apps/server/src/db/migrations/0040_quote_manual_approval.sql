ALTER TABLE "quote_approvals" ALTER COLUMN "signature_png" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_approvals" ADD COLUMN "method" text DEFAULT 'signature' NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_approvals" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "quote_approvals" ADD COLUMN "recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "quote_approvals" ADD CONSTRAINT "quote_approvals_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_approvals" ADD CONSTRAINT "quote_approvals_method_check" CHECK ("quote_approvals"."method" in ('signature','verbal','paper','other'));--> statement-breakpoint
ALTER TABLE "quote_approvals" ADD CONSTRAINT "quote_approvals_signature_check" CHECK (("quote_approvals"."method" = 'signature') = ("quote_approvals"."signature_png" is not null));