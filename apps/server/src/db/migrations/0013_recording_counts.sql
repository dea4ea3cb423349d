CREATE TABLE "user_recording_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "called_at" timestamp with time zone GENERATED ALWAYS AS (coalesce("recorded_at", "created_at")) STORED NOT NULL;--> statement-breakpoint
-- INCLUDE (hand-added; drizzle cannot say it): the analytics aggregate reads only these, from the index alone.
CREATE INDEX "recordings_called_idx" ON "recordings" USING btree ("called_at") INCLUDE ("workspace_id", "file_size", "direction") WHERE "recordings"."status" = 'stored';--> statement-breakpoint
-- Stored recordings per user (schema: user_recording_counts). Statement-level triggers with transition tables, as
-- workspace_counts (0003): an upload becomes stored by an UPDATE, a delete removes it. TRUNCATE is not tracked.
CREATE OR REPLACE FUNCTION user_recording_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_recording_counts AS c (user_id, count)
      SELECT user_id, count(*) FROM new_rows WHERE status = 'stored' GROUP BY user_id ORDER BY 1
      ON CONFLICT (user_id) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_recording_counts AS c (user_id, count)
      SELECT user_id, -count(*) FROM old_rows WHERE status = 'stored' GROUP BY user_id ORDER BY 1
      ON CONFLICT (user_id) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    INSERT INTO user_recording_counts AS c (user_id, count)
      SELECT user_id, sum(delta)::int
      FROM (SELECT user_id, 1 AS delta FROM new_rows WHERE status = 'stored' UNION ALL SELECT user_id, -1 FROM old_rows WHERE status = 'stored') d
      GROUP BY user_id HAVING sum(delta) <> 0 ORDER BY 1
      ON CONFLICT (user_id) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER recordings_user_counts_insert AFTER INSERT ON recordings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_recording_counts_apply();
--> statement-breakpoint
CREATE TRIGGER recordings_user_counts_update AFTER UPDATE ON recordings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_recording_counts_apply();
--> statement-breakpoint
CREATE TRIGGER recordings_user_counts_delete AFTER DELETE ON recordings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_recording_counts_apply();
--> statement-breakpoint
INSERT INTO user_recording_counts (user_id, count)
  SELECT user_id, count(*) FROM recordings WHERE status = 'stored' GROUP BY user_id
ON CONFLICT (user_id) DO UPDATE SET count = excluded.count;