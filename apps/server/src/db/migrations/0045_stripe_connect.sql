ALTER TABLE "invoice_payments" ADD COLUMN "online_method" text;--> statement-breakpoint
ALTER TABLE "online_payments" ADD COLUMN "stripe_account_id" text;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "stripe_account_id" text;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "stripe_charges_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "stripe_details_submitted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "stripe_payouts_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_settings_stripe_account_idx" ON "payment_settings" USING btree ("stripe_account_id");--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_online_method_check" CHECK ("invoice_payments"."online_method" in ('card','us_bank_account'));