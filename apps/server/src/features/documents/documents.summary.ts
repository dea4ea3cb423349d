import { DEFAULT_DOCUMENT_TYPES } from '@fieldbook/contract';
import { sql, type SQL } from 'drizzle-orm';
import { isoTs, limitSql, planFreeId } from '../../db/sql';

/**
 * The workspace's newest documents as a JSON array of HomeDocumentSchema items, as an SQL expression: the home's
 * Recent Documents card reads it inside its one statement (dashboard feature). Newest first along
 * documents_workspace_created_idx; uploads in flight are left out.
 */
export function recentDocumentsJsonSql(opts: { workspaceId: string; limit: number }): SQL {
  return sql`(SELECT coalesce(json_agg(json_build_object('id', d.id, 'name', d.name, 'document_type', d.document_type, 'status', d.status,
      'file_size', d.file_size, 'job_id', d.job_id, 'created_at', ${isoTs(sql`d.created_at`)}) ORDER BY d.created_at DESC, d.id), '[]'::json)
    FROM (SELECT * FROM documents WHERE workspace_id = ${planFreeId(opts.workspaceId)} AND status <> 'uploading'
          ORDER BY created_at DESC NULLS LAST, id ${limitSql(opts.limit)}) d)`;
}

/** 'inspection_report' → 'Inspection Report' (as initcap(replace(type, '_', ' ')) below). */
function documentTypeName(type: string): string {
  return type.replace(/_/g, ' ').replace(/[a-z0-9]+/gi, (w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase());
}

/** The placeholder documents of the default document types, as one JSON constant (most jobs have the defaults). */
const DEFAULT_PLACEHOLDERS_JSON = JSON.stringify(
  DEFAULT_DOCUMENT_TYPES.map((type) => ({
    id: null,
    name: documentTypeName(type),
    document_type: type,
    status: 'needed',
    placeholder: true,
    file_type: null,
    file_size: null,
    created_at: null,
  })),
);

/** The placeholders of the job's own document types (a job with custom types), in their order. */
const customPlaceholdersJson = (documentTypes: SQL) => sql`(SELECT coalesce(json_agg(json_build_object(
      'id', NULL, 'name', initcap(replace(d.type, '_', ' ')), 'document_type', d.type, 'status', 'needed',
      'placeholder', true, 'file_type', NULL, 'file_size', NULL, 'created_at', NULL) ORDER BY d.n), '[]'::json)
    FROM jsonb_array_elements_text(${documentTypes}) WITH ORDINALITY AS d(type, n))`;

/** A document of the job as its card lists it (JobDocumentSchema), from alias `d`. */
const jobDocumentObject = sql`json_build_object('id', d.id, 'name', d.name, 'document_type', d.document_type, 'status', d.status,
  'placeholder', false, 'file_type', d.file_type, 'file_size', d.file_size, 'created_at', ${isoTs(sql`d.created_at`)})`;

/**
 * SQL expression: the job's documents (JobDocumentsSchema), for the jobs page's statement (app.ts hands it to the jobs
 * feature), for the card's three columns (spec 001 §2, §4): created and
 * processed documents in theirs; "needed" holds the documents still processing or failed (any other status counts as
 * needed) and a placeholder for each of the job's document types that has no created or processed document yet.
 * Most jobs have no documents: one index probe (documents_job_idx) sends them to the placeholders alone — for the
 * default types a constant, since building five objects per job was a quarter of the jobs page's database time.
 */
export function jobDocumentsJsonSql(job: { id: SQL; workspaceId: SQL; documentTypes: SQL }): SQL {
  return sql`CASE WHEN NOT EXISTS (SELECT 1 FROM documents d WHERE d.job_id = ${job.id} AND d.status <> 'uploading')
  THEN json_build_object(
    'needed', CASE WHEN ${job.documentTypes} = ${JSON.stringify(DEFAULT_DOCUMENT_TYPES)}::jsonb THEN ${DEFAULT_PLACEHOLDERS_JSON}::json ELSE ${customPlaceholdersJson(job.documentTypes)} END,
    'created', '[]'::json,
    'processed', '[]'::json)
  ELSE (SELECT json_build_object(
    'needed', (SELECT coalesce(json_agg(x.o ORDER BY x.k, x.at), '[]'::json) FROM (
        SELECT ${jobDocumentObject} AS o, 0 AS k, d.created_at AS at FROM documents d
          WHERE d.job_id = ${job.id} AND d.workspace_id = ${job.workspaceId} AND d.status IN ('processing', 'failed')
        UNION ALL
        SELECT json_build_object('id', NULL, 'name', initcap(replace(t.type, '_', ' ')), 'document_type', t.type, 'status', 'needed',
            'placeholder', true, 'file_type', NULL, 'file_size', NULL, 'created_at', NULL), 1, to_timestamp(t.n)
          FROM jsonb_array_elements_text(${job.documentTypes}) WITH ORDINALITY AS t(type, n)
          WHERE NOT EXISTS (SELECT 1 FROM documents dt WHERE dt.job_id = ${job.id} AND dt.document_type = t.type AND dt.status IN ('created', 'processed'))) x),
    'created', (SELECT coalesce(json_agg(${jobDocumentObject} ORDER BY d.created_at), '[]'::json) FROM documents d
        WHERE d.job_id = ${job.id} AND d.workspace_id = ${job.workspaceId} AND d.status = 'created'),
    'processed', (SELECT coalesce(json_agg(${jobDocumentObject} ORDER BY d.created_at), '[]'::json) FROM documents d
        WHERE d.job_id = ${job.id} AND d.workspace_id = ${job.workspaceId} AND d.status = 'processed')))
  END`;
}

/** How many documents the workspace has (the dashboard's totalDocuments), as an SQL expression. */
export function documentCountSql(workspaceId: string): SQL {
  return sql`(SELECT count(*)::int FROM documents WHERE workspace_id = ${workspaceId} AND status <> 'uploading')`;
}
