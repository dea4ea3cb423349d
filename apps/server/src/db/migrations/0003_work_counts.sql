-- Exact per-workspace, per-status row counts of jobs and tasks (schema: workspace_counts in db/schema/work.ts).
-- Lists answer a `total` without counting 100k rows per request. Statement-level triggers with transition tables
-- keep bulk inserts (COPY, INSERT … SELECT) cheap: one upsert per (workspace, status) per statement.
-- TRUNCATE is not tracked: truncating jobs/tasks must also truncate workspace_counts.
CREATE OR REPLACE FUNCTION workspace_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO workspace_counts AS c (workspace_id, entity, status, count)
      SELECT workspace_id, TG_TABLE_NAME, status, count(*) FROM new_rows GROUP BY workspace_id, status ORDER BY 1, 3
      ON CONFLICT (workspace_id, entity, status) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO workspace_counts AS c (workspace_id, entity, status, count)
      SELECT workspace_id, TG_TABLE_NAME, status, -count(*) FROM old_rows GROUP BY workspace_id, status ORDER BY 1, 3
      ON CONFLICT (workspace_id, entity, status) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    -- Updates that leave workspace and status alone net to zero and write nothing.
    INSERT INTO workspace_counts AS c (workspace_id, entity, status, count)
      SELECT workspace_id, TG_TABLE_NAME, status, sum(delta)::int
      FROM (SELECT workspace_id, status, 1 AS delta FROM new_rows UNION ALL SELECT workspace_id, status, -1 FROM old_rows) d
      GROUP BY workspace_id, status HAVING sum(delta) <> 0 ORDER BY 1, 3
      ON CONFLICT (workspace_id, entity, status) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER jobs_counts_insert AFTER INSERT ON jobs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_counts_apply();
--> statement-breakpoint
CREATE TRIGGER jobs_counts_update AFTER UPDATE ON jobs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_counts_apply();
--> statement-breakpoint
CREATE TRIGGER jobs_counts_delete AFTER DELETE ON jobs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_counts_apply();
--> statement-breakpoint
CREATE TRIGGER tasks_counts_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_counts_apply();
--> statement-breakpoint
CREATE TRIGGER tasks_counts_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_counts_apply();
--> statement-breakpoint
CREATE TRIGGER tasks_counts_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_counts_apply();
--> statement-breakpoint
INSERT INTO workspace_counts (workspace_id, entity, status, count)
  SELECT workspace_id, 'jobs', status, count(*) FROM jobs GROUP BY workspace_id, status
  UNION ALL
  SELECT workspace_id, 'tasks', status, count(*) FROM tasks GROUP BY workspace_id, status
ON CONFLICT (workspace_id, entity, status) DO UPDATE SET count = excluded.count;
