CREATE TABLE "quote_settings" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"deposit_mode" text DEFAULT 'offered' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_settings_deposit_mode_check" CHECK ("quote_settings"."deposit_mode" in ('none','offered','required'))
);
--> statement-breakpoint
CREATE TABLE "payment_schedule_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"milli_percent" integer,
	"amount_cents" integer,
	"due_trigger" text NOT NULL,
	"due_on" date,
	"invoice_id" uuid,
	"invoiced_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_schedule_parts_kind_check" CHECK ("payment_schedule_parts"."kind" in ('deposit','percent','amount','final')),
	CONSTRAINT "payment_schedule_parts_terms_check" CHECK (("payment_schedule_parts"."kind" = 'percent' and "payment_schedule_parts"."milli_percent" between 1 and 100000) or ("payment_schedule_parts"."kind" = 'amount' and "payment_schedule_parts"."amount_cents" > 0) or "payment_schedule_parts"."kind" in ('deposit','final'))
);
--> statement-breakpoint
CREATE TABLE "payment_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"over_approved" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_settings" ADD CONSTRAINT "quote_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_schedule_parts" ADD CONSTRAINT "payment_schedule_parts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_schedule_parts" ADD CONSTRAINT "payment_schedule_parts_schedule_id_payment_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."payment_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_schedule_parts" ADD CONSTRAINT "payment_schedule_parts_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_schedules" ADD CONSTRAINT "payment_schedules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_schedules" ADD CONSTRAINT "payment_schedules_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_schedules" ADD CONSTRAINT "payment_schedules_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_schedules" ADD CONSTRAINT "payment_schedules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_schedule_parts_schedule_idx" ON "payment_schedule_parts" USING btree ("schedule_id","position");--> statement-breakpoint
CREATE INDEX "payment_schedule_parts_invoice_idx" ON "payment_schedule_parts" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_schedules_quote_idx" ON "payment_schedules" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "payment_schedules_job_idx" ON "payment_schedules" USING btree ("workspace_id","job_id");