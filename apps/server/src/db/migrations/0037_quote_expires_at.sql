ALTER TABLE "quotes" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
-- Quotes saved before the workspace time zone stopped at the end of their day in UTC: they keep that instant.
UPDATE "quotes" SET "expires_at" = ("expires_on" + 1)::timestamp AT TIME ZONE 'UTC';--> statement-breakpoint
ALTER TABLE "quotes" ALTER COLUMN "expires_at" SET NOT NULL;
