CREATE TABLE "photo_markups" (
	"photo_id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"shapes" jsonb NOT NULL,
	"version" integer NOT NULL,
	"updated_by" uuid,
	"render_status" text NOT NULL,
	"render_error" text,
	"blob_key" text,
	"thumbnail_key" text,
	"rendered_version" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_message_opt_outs" (
	"workspace_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"source" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_message_opt_outs_workspace_id_channel_address_pk" PRIMARY KEY("workspace_id","channel","address"),
	CONSTRAINT "client_message_opt_outs_channel_check" CHECK ("client_message_opt_outs"."channel" in ('sms','email'))
);
--> statement-breakpoint
CREATE TABLE "client_message_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"occurrence" text NOT NULL,
	"job_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"subject" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_message_queue_status_check" CHECK ("client_message_queue"."status" in ('pending','done','cancelled','failed'))
);
--> statement-breakpoint
CREATE TABLE "client_message_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"occurrence" text NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"contact_id" uuid,
	"job_id" uuid,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_message_sends_channel_check" CHECK ("client_message_sends"."channel" in ('sms','email')),
	CONSTRAINT "client_message_sends_status_check" CHECK ("client_message_sends"."status" in ('sent','skipped'))
);
--> statement-breakpoint
CREATE TABLE "client_message_settings" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"rules" jsonb NOT NULL,
	"review_link" text,
	"review_since" timestamp with time zone,
	"updated_by" uuid,
	"scanning" boolean DEFAULT false NOT NULL,
	"scan_due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scan_locked_until" timestamp with time zone,
	"scan_attempts" integer DEFAULT 0 NOT NULL,
	"scan_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photo_markups" ADD CONSTRAINT "photo_markups_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_markups" ADD CONSTRAINT "photo_markups_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_markups" ADD CONSTRAINT "photo_markups_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_message_opt_outs" ADD CONSTRAINT "client_message_opt_outs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_message_opt_outs" ADD CONSTRAINT "client_message_opt_outs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_message_queue" ADD CONSTRAINT "client_message_queue_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_message_queue" ADD CONSTRAINT "client_message_queue_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_message_sends" ADD CONSTRAINT "client_message_sends_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_message_sends" ADD CONSTRAINT "client_message_sends_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_message_sends" ADD CONSTRAINT "client_message_sends_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_message_settings" ADD CONSTRAINT "client_message_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_message_settings" ADD CONSTRAINT "client_message_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_markups_queue_idx" ON "photo_markups" USING btree ("next_attempt_at") WHERE "photo_markups"."render_status" = 'rendering';--> statement-breakpoint
CREATE INDEX "client_message_opt_outs_address_idx" ON "client_message_opt_outs" USING btree ("channel","address");--> statement-breakpoint
CREATE UNIQUE INDEX "client_message_queue_occurrence_idx" ON "client_message_queue" USING btree ("workspace_id","rule","occurrence");--> statement-breakpoint
CREATE INDEX "client_message_queue_due_idx" ON "client_message_queue" USING btree ("due_at") WHERE "client_message_queue"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "client_message_queue_subject_idx" ON "client_message_queue" USING btree ("subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_message_sends_once_idx" ON "client_message_sends" USING btree ("workspace_id","rule","occurrence","channel");--> statement-breakpoint
CREATE INDEX "client_message_sends_contact_idx" ON "client_message_sends" USING btree ("workspace_id","contact_id","created_at");--> statement-breakpoint
CREATE INDEX "client_message_sends_address_idx" ON "client_message_sends" USING btree ("channel","address","workspace_id");--> statement-breakpoint
CREATE INDEX "client_message_settings_scan_idx" ON "client_message_settings" USING btree ("scan_due_at") WHERE "client_message_settings"."scanning";