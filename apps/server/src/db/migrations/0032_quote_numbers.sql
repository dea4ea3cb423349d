ALTER TABLE "quotes" ADD COLUMN "sequence" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_workspace_sequence_idx" ON "quotes" USING btree ("workspace_id","sequence","revision");