CREATE TABLE "assistant_training_examples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"source_type" text NOT NULL,
	"source_id" uuid,
	"pair_key" text NOT NULL,
	"quality_score" real NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_assistants" (
	"group_id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"creation_status" text DEFAULT 'not_started' NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"persona" text DEFAULT '' NOT NULL,
	"specialization" text DEFAULT '' NOT NULL,
	"system_prompt" text DEFAULT '' NOT NULL,
	"base_model" text DEFAULT 'gpt-4.1-mini' NOT NULL,
	"model_id" text,
	"last_trained" timestamp with time zone,
	"failure_reason" text,
	"fine_tune_job_id" text,
	"training_file_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistant_training_examples" ADD CONSTRAINT "assistant_training_examples_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_training_examples" ADD CONSTRAINT "assistant_training_examples_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_assistants" ADD CONSTRAINT "group_assistants_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_assistants" ADD CONSTRAINT "group_assistants_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assistant_training_examples_pair_uq" ON "assistant_training_examples" USING btree ("group_id","pair_key");--> statement-breakpoint
CREATE INDEX "assistant_training_examples_group_quality_idx" ON "assistant_training_examples" USING btree ("group_id","quality_score" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "group_assistants_workspace_idx" ON "group_assistants" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "group_assistants_queue_idx" ON "group_assistants" USING btree ("next_run_at") WHERE "group_assistants"."creation_status" IN ('collecting_examples', 'preparing_data', 'fine_tuning');