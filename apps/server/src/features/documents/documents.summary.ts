import { sql, type SQL } from 'drizzle-orm';
import { isoTs } from '../../db/sql';

/**
 * The workspace's newest documents as a JSON array of HomeDocumentSchema items, as an SQL expression: the home's
 * Recent Documents card reads it inside its one statement (dashboard feature). Newest first along
 * documents_workspace_created_idx; uploads in flight are left out.
 */
export function recentDocumentsJsonSql(opts: { workspaceId: string; limit: number }): SQL {
  return sql`(SELECT coalesce(json_agg(json_build_object('id', d.id, 'name', d.name, 'document_type', d.document_type, 'status', d.status,
      'file_size', d.file_size, 'job_id', d.job_id, 'created_at', ${isoTs(sql`d.created_at`)}) ORDER BY d.created_at DESC, d.id), '[]'::json)
    FROM (SELECT * FROM documents WHERE workspace_id = ${opts.workspaceId} AND status <> 'uploading'
          ORDER BY created_at DESC NULLS LAST, id LIMIT ${opts.limit}) d)`;
}

/** How many documents the workspace has (the dashboard's totalDocuments), as an SQL expression. */
export function documentCountSql(workspaceId: string): SQL {
  return sql`(SELECT count(*)::int FROM documents WHERE workspace_id = ${workspaceId} AND status <> 'uploading')`;
}
