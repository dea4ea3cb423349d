import type { Document, ListDocumentsQuery } from '@fieldbook/contract';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents, jobs } from '../../db/schema';

export type DocumentRow = typeof documents.$inferSelect;
type JobSummary = { id: string; clientName: string | null; propertyAddress: string | null; title: string | null } | null;

/** The API shape of a row (DocumentSchema); the upload-only state 'uploading' never leaves the server. */
export function toDocument(row: DocumentRow, job: JobSummary): Document {
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

/** A page of the workspace's documents, newest first, with the total; uploads in flight are not listed. */
export async function findDocuments(db: Db, workspaceId: string, query: ListDocumentsQuery): Promise<{ documents: Document[]; total: number }> {
  const where: SQL[] = [eq(documents.workspaceId, workspaceId), sql`${documents.status} <> 'uploading'`];
  if (query.job_id) where.push(eq(documents.jobId, query.job_id));
  if (query.document_type) where.push(eq(documents.documentType, query.document_type));
  if (query.status) where.push(eq(documents.status, query.status));
  if (query.q) where.push(sql`${documents.searchVector} @@ plainto_tsquery('english', ${query.q})`);
  const rows = await db
    .select({ d: documents, job: jobSummary, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(documents)
    .leftJoin(jobs, eq(jobs.id, documents.jobId))
    .where(and(...where))
    .orderBy(desc(documents.createdAt), documents.id)
    .limit(query.limit)
    .offset(query.offset);
  const total = rows[0]?.total ?? (query.offset > 0 ? await countDocuments(db, where) : 0);
  return { documents: rows.map((r) => toDocument(r.d, r.job)), total };
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
