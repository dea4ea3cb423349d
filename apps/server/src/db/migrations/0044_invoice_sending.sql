CREATE TABLE "invoice_reminder_settings" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"first_after_days" integer NOT NULL,
	"second_after_days" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reminder" integer,
	"method" text NOT NULL,
	"address" text NOT NULL,
	"sent_by" uuid,
	"document_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_sends_kind_check" CHECK ("invoice_sends"."kind" in ('send','reminder')),
	CONSTRAINT "invoice_sends_method_check" CHECK ("invoice_sends"."method" in ('sms','email'))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "viewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sent_email" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sent_phone" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reminder_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reminders_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reminder_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reminder_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reminder_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reminder_error" text;--> statement-breakpoint
ALTER TABLE "invoice_reminder_settings" ADD CONSTRAINT "invoice_reminder_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminder_settings" ADD CONSTRAINT "invoice_reminder_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_sends" ADD CONSTRAINT "invoice_sends_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_sends" ADD CONSTRAINT "invoice_sends_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_sends" ADD CONSTRAINT "invoice_sends_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_sends_invoice_idx" ON "invoice_sends" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_reminder_due_idx" ON "invoices" USING btree ("reminder_due_at") WHERE "invoices"."reminder_status" = 'scheduled';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_reminder_status_check" CHECK ("invoices"."reminder_status" in ('none','scheduled','failed'));