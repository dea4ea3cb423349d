CREATE INDEX "invoice_payments_workspace_received_idx" ON "invoice_payments" USING btree ("workspace_id","received_on","created_at");--> statement-breakpoint
CREATE INDEX "invoices_workspace_status_sequence_idx" ON "invoices" USING btree ("workspace_id","status","sequence");--> statement-breakpoint
CREATE INDEX "invoices_workspace_open_due_idx" ON "invoices" USING btree ("workspace_id","due_at") WHERE "invoices"."status" in ('sent','viewed');--> statement-breakpoint
CREATE INDEX "invoices_workspace_issued_idx" ON "invoices" USING btree ("workspace_id","issued_on","sequence");