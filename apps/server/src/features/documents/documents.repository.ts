import type { Document, ListDocumentsQuery } from '@fieldbook/contract';
import { and, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents, jobs, workspaceCounts } from '../../db/schema';

export type DocumentRow = typeof documents.$inferSelect;
type JobSummary = { id: string; clientName: string | null; propertyAddress: string | null; title: string | null } | null;

/** The API shape of a row (DocumentSchema); the upload-only state 'uploading' never leaves the server. */
export function toDocument(row: Omit<DocumentRow, 'extractedText' | 'searchVector'>, job: JobSummary): Document {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    job_id: row.jobId,
    task_id: row.taskId,
    name: row.name,
    document_type: row.documentType,
    file_type: row.fileType,
    mime_type: row.mimeType,
    file_size: row.fileSize,
    status: row.status === 'uploading' ? 'processing' : row.status,
    storage_type: row.storageType,
    storage_id: row.storageType === 'google_drive' ? row.storageKey : null,
    metadata: row.metadata,
    processing_error: row.processingError,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
    job: job?.id ? { id: job.id, client_name: job.clientName, property_address: job.propertyAddress, title: job.title } : null,
  };
}

const jobSummary = { id: jobs.id, clientName: jobs.clientName, propertyAddress: jobs.propertyAddress, title: jobs.title };

/** Every column but the extracted text and its search vector (up to 1 MB a row): what a list needs. */
const { extractedText: _text, searchVector: _vector, ...listColumns } = getTableColumns(documents);

/**
 * A page of the workspace's documents, newest first, with the total; uploads in flight are not listed. The page
 * walks documents_workspace_created_idx (its order is DESC NULLS LAST); the total comes from workspace_counts when
 * only the status is filtered, else from counting the matches (bench/README.md: 157 ms → ~1 ms on 20k documents).
 */
export async function findDocuments(db: Db, workspaceId: string, query: ListDocumentsQuery): Promise<{ documents: Document[]; total: number }> {
  const where: SQL[] = [eq(documents.workspaceId, workspaceId), sql`${documents.status} <> 'uploading'`];
  if (query.job_id) where.push(eq(documents.jobId, query.job_id));
  if (query.document_type) where.push(eq(documents.documentType, query.document_type));
  if (query.status) where.push(eq(documents.status, query.status));
  if (query.q) where.push(sql`${documents.searchVector} @@ plainto_tsquery('english', ${query.q})`);
  const countedByTrigger = !query.job_id && !query.document_type && !query.q;
  const [rows, total] = await Promise.all([
    db
      .select({ d: listColumns, job: jobSummary })
      .from(documents)
      .leftJoin(jobs, eq(jobs.id, documents.jobId))
      .where(and(...where))
      .orderBy(sql`${documents.createdAt} DESC NULLS LAST`, documents.id)
      .limit(query.limit)
      .offset(query.offset),
    countedByTrigger ? countFromTotals(db, workspaceId, query.status) : countDocuments(db, where),
  ]);
  return { documents: rows.map((r) => toDocument(r.d, r.job)), total };
}

async function countFromTotals(db: Db, workspaceId: string, status: string | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${workspaceCounts.count}), 0)`.mapWith(Number) })
    .from(workspaceCounts)
    .where(and(eq(workspaceCounts.workspaceId, workspaceId), eq(workspaceCounts.entity, 'documents'), status ? eq(workspaceCounts.status, status) : ne(workspaceCounts.status, 'uploading')));
  return row?.n ?? 0;
}

async function countDocuments(db: Db, where: SQL[]): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(documents).where(and(...where));
  return row?.n ?? 0;
}

/** One document of the workspace (not an upload in flight), or null. */
export async function findDocument(db: Db, workspaceId: string, id: string): Promise<{ row: DocumentRow; document: Document } | null> {
  const [r] = await db
    .select({ d: documents, job: jobSummary })
    .from(documents)
    .leftJoin(jobs, eq(jobs.id, documents.jobId))
    .where(and(eq(documents.id, id), eq(documents.workspaceId, workspaceId), sql`${documents.status} <> 'uploading'`));
  return r ? { row: r.d, document: toDocument(r.d, r.job) } : null;
}
