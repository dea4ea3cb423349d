-- Counters are short-lived: dropped here so that no key has two rows when it becomes the primary key.
DELETE FROM "rate_limit_counters";--> statement-breakpoint
ALTER TABLE "rate_limit_counters" DROP CONSTRAINT "rate_limit_counters_key_window_start_pk";--> statement-breakpoint
ALTER TABLE "rate_limit_counters" ADD PRIMARY KEY ("key");
