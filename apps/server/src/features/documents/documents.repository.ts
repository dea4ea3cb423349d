import { DocumentListSchema, DocumentSchema, type ListDocumentsQuery } from '@fieldbook/contract';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents } from './documents.schema';
import { isoTs, pageSql, planFreeId, queryJsonText, shapedJsonText } from '../../db/sql';
import { asJsonText, type JsonText } from '../../platform/json-text';
import { workspaceCountSql } from '../../platform/workspace-counts';
import { jobRefSql } from '../jobs';

export type DocumentRow = typeof documents.$inferSelect;

/** The document's job (the jobs feature's join and object). */
const JOB = jobRefSql(sql`d.job_id`);

const jsonTs = (column: SQL) => sql`CASE WHEN ${column} IS NULL THEN NULL ELSE ${isoTs(column)} END`;

/**
 * The one projection of DocumentSchema, over `documents d` (its job's summary from the jobs feature): built by PostgreSQL and sent as text
 * (db/sql.ts says why). The upload-only state 'uploading' never leaves the server (it reads as processing).
 */
const DOCUMENT_JSON = sql`json_build_object(
  'id', d.id, 'workspace_id', d.workspace_id, 'job_id', d.job_id, 'task_id', d.task_id, 'name', d.name,
  'document_type', d.document_type, 'file_type', d.file_type, 'mime_type', d.mime_type, 'file_size', d.file_size,
  'status', CASE WHEN d.status = 'uploading' THEN 'processing' ELSE d.status END,
  'storage_type', d.storage_type, 'storage_id', CASE WHEN d.storage_type = 'google_drive' THEN d.storage_key END,
  'metadata', d.metadata, 'processing_error', d.processing_error,
  'created_at', ${isoTs(sql`d.created_at`)}, 'updated_at', ${isoTs(sql`d.updated_at`)}, 'processed_at', ${jsonTs(sql`d.processed_at`)},
  'job', ${JOB.json})`;

/** The columns the projection reads: never the extracted text or its search vector (up to 1 MB a row). */
const PAGE_COLUMNS = sql`d.id, d.workspace_id, d.job_id, d.task_id, d.name, d.document_type, d.file_type, d.mime_type, d.file_size, d.status,
  d.storage_type, d.storage_key, d.metadata, d.processing_error, d.created_at, d.updated_at, d.processed_at`;
const NEWEST_FIRST = sql`d.created_at DESC NULLS LAST, d.id`;

type DocumentsPageShape = { jobId: boolean; documentType: boolean; status: boolean; q: boolean; limit: number; paged: boolean };
type DocumentsPageValues = { workspaceId: string; jobId: string | null; documentType: string | null; status: string | null; q: string | null; offset: number };

/** The page's statement, its text made once per shape (db/sql.ts): which filters are present and the page size. */
const documentsPage = shapedJsonText((shape: DocumentsPageShape, v: DocumentsPageValues) => {
  const where: SQL[] = [sql`d.workspace_id = ${planFreeId(v.workspaceId)}`, sql`d.status <> 'uploading'`];
  if (shape.jobId) where.push(sql`d.job_id = ${v.jobId}`);
  if (shape.documentType) where.push(sql`d.document_type = ${v.documentType}`);
  if (shape.status) where.push(sql`d.status = ${v.status}`);
  if (shape.q) where.push(sql`d.search_vector @@ plainto_tsquery('english', ${v.q})`);
  const whereSql = sql.join(where, sql` AND `);
  const total =
    !shape.jobId && !shape.documentType && !shape.q
      ? workspaceCountSql({ workspaceId: v.workspaceId, entity: 'documents', status: (c) => (shape.status ? sql`${c} = ${v.status}` : sql`${c} <> 'uploading'`) })
      : sql`(SELECT count(*) FROM documents d WHERE ${whereSql})`;
  return sql`WITH page AS (SELECT ${PAGE_COLUMNS} FROM documents d WHERE ${whereSql} ORDER BY ${NEWEST_FIRST} ${pageSql({ limit: shape.limit, offset: shape.paged ? v.offset : 0 })})
        SELECT json_build_object(
          'documents', (SELECT coalesce(json_agg(${DOCUMENT_JSON} ORDER BY ${NEWEST_FIRST}), '[]'::json) FROM page d ${JOB.join}),
          'total', ${total}::int)::text AS body`;
});

/**
 * A page of the workspace's documents, newest first, with the total; uploads in flight are not listed. The page
 * walks documents_workspace_created_idx (its order is DESC NULLS LAST); the total comes from workspace_counts when
 * only the status is filtered, else from counting the matches (bench/README.md: 157 ms → ~1 ms on 20k documents).
 */
export async function findDocumentsPageJson(db: Db, workspaceId: string, query: ListDocumentsQuery): Promise<JsonText<typeof DocumentListSchema>> {
  const body = await documentsPage(
    db,
    { jobId: Boolean(query.job_id), documentType: Boolean(query.document_type), status: Boolean(query.status), q: Boolean(query.q), limit: query.limit, paged: query.offset > 0 },
    { workspaceId, jobId: query.job_id ?? null, documentType: query.document_type ?? null, status: query.status ?? null, q: query.q ?? null, offset: query.offset },
  );
  return asJsonText(DocumentListSchema, body ?? '{"documents":[],"total":0}');
}

/** One document of the workspace (not an upload in flight) as DocumentSchema JSON text, or null. */
export async function findDocumentJson(db: Db, workspaceId: string, id: string): Promise<JsonText<typeof DocumentSchema> | null> {
  const body = await queryJsonText(
    db,
    sql`SELECT ${DOCUMENT_JSON}::text AS body FROM documents d ${JOB.join}
        WHERE d.id = ${id} AND d.workspace_id = ${workspaceId} AND d.status <> 'uploading'`,
  );
  return body === null ? null : asJsonText(DocumentSchema, body);
}

/** One document's row (storage key, status…) of the workspace, not an upload in flight, or null. */
export async function findDocumentRow(db: Db, workspaceId: string, id: string): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.workspaceId, workspaceId), ne(documents.status, 'uploading')));
  return row ?? null;
}
