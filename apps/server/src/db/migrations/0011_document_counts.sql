-- Per-workspace, per-status counts of documents in workspace_counts, kept by the same statement-level triggers as
-- jobs and tasks (0003): GET /api/documents answers its total without counting the workspace's documents.
CREATE TRIGGER documents_counts_insert AFTER INSERT ON documents REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_counts_apply();
--> statement-breakpoint
CREATE TRIGGER documents_counts_update AFTER UPDATE ON documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_counts_apply();
--> statement-breakpoint
CREATE TRIGGER documents_counts_delete AFTER DELETE ON documents REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION workspace_counts_apply();
--> statement-breakpoint
INSERT INTO workspace_counts (workspace_id, entity, status, count)
  SELECT workspace_id, 'documents', status, count(*) FROM documents GROUP BY workspace_id, status
ON CONFLICT (workspace_id, entity, status) DO UPDATE SET count = excluded.count;
