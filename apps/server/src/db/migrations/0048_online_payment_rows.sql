-- Issue 33 review: payment rows that money paid online became before invoice_payments.online_method existed (0045)
-- were shown as "Recorded by A former member". Each is found through the payments feature's own link to it — the
-- online payment it recorded (or the deposit it credited), or the Stripe refund it recorded — and named as online, with
-- how the client paid (a bank payment was recorded as a bank transfer, a card payment as 'other').
UPDATE "invoice_payments" AS ip
SET "online_method" = CASE WHEN ip."method" = 'bank_transfer' THEN 'us_bank_account' ELSE 'card' END
FROM "online_payments" AS op
WHERE op."invoice_payment_id" = ip."id" AND ip."recorded_by" IS NULL AND ip."online_method" IS NULL;
--> statement-breakpoint
UPDATE "invoice_payments" AS ip
SET "online_method" = CASE WHEN ip."method" = 'bank_transfer' THEN 'us_bank_account' ELSE 'card' END
FROM "online_refunds" AS r
WHERE r."invoice_payment_id" = ip."id" AND ip."recorded_by" IS NULL AND ip."online_method" IS NULL;
