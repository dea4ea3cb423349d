import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents, jobs } from '../../db/schema';
import { DEFAULT_DOCUMENT_TYPES } from '../jobs/jobs.schema';
import type { BlobStore } from '../../platform/blob-store';
import { defineJob, startJob, type JobLog } from '../../platform/jobs';
import { sweepDocumentUploads } from './documents.service';
import { classifyDocument, type ExtractedData } from './extract-fields';
import { extractInChild } from './extract-in-child';
import type { DocumentKind } from './file-kind';
import { DEFAULT_PROCESSING_LIMITS, ProcessingStopped, STOPPED, type ProcessingLimits } from './processing-limits';

const MAX_ATTEMPTS = 5;
/** A claimed document is reserved this long: a process that dies mid-way frees it for another try. */
const CLAIM_LEASE_MS = 10 * 60_000;

/** `sweep(olderThanMs)` removes uploads a crash cut off: rows still 'uploading' after that long (an hour by default), with their blobs. */
export type DocumentWorker = { drain: () => Promise<number>; sweep: (olderThanMs?: number) => Promise<number>; stop: () => void; close: () => Promise<void> };
type Row = typeof documents.$inferSelect;

export type DocumentJobDeps = { db: Db; blobs: BlobStore; limits?: Partial<ProcessingLimits> };

/**
 * The documents' background processing, a job of the runner (platform/jobs.ts). The queue is the documents table
 * itself: a row in status 'processing' whose next_attempt_at has come and whose lease is free is due (partial index
 * documents_queue_idx); the outcome — text, fields, type, job, or the error with a backoff of 30 s × 2^attempts,
 * failed after five tries — is written to the same row.
 *
 * The file itself is read in a child process with limits (extract-in-child.ts): a file over a limit fails at once
 * with the reason. The attempt is counted when claimed, so a file that took its process down anyway (the row still
 * 'processing' when its lease ends) is given up at the claim after MAX_ATTEMPTS, never read again.
 */
export function documentProcessingJob(opts: DocumentJobDeps) {
  const { db, blobs } = opts;
  const limits = { ...DEFAULT_PROCESSING_LIMITS, ...opts.limits };

  async function processOne(row: Row): Promise<void> {
    const stored = row.storageKey ? await blobs.get(row.storageKey) : null;
    if (!stored) throw new Error('The stored file is missing');
    const { result, fields } = await extractInChild({ kind: row.fileType as DocumentKind, body: stored.body, limits });
    const text = result.text;
    const job = row.jobId ? await jobById(db, row.workspaceId, row.jobId) : await matchJob(db, row.workspaceId, fields);
    const type = text ? classifyDocument(text, row.name, job?.documentTypes ?? DEFAULT_DOCUMENT_TYPES) : null;
    await db
      .update(documents)
      .set({
        status: 'processed',
        extractedText: text,
        documentType: type ?? row.documentType,
        jobId: job?.id ?? row.jobId,
        metadata: {
          ...row.metadata,
          extracted_data: fields,
          ...('pages' in result && result.pages ? { pages: result.pages } : {}),
          ...(result.text === null ? { text_unavailable: result.reason } : {}),
          ...(result.ocr ? { ocr: result.ocr } : {}),
          ...(job && !row.jobId ? { matched_job_by: fields.claim_number && job.claimMatched ? 'claim_number' : 'property_address' } : {}),
        },
        processingError: null,
        processedAt: new Date(),
        lockedUntil: null,
      })
      .where(and(eq(documents.id, row.id), eq(documents.status, 'processing')));
  }

  return defineJob<Row>({
    name: 'documents',
    queue: {
      table: documents,
      key: documents.id,
      pending: eq(documents.status, 'processing'),
      dueAt: documents.nextAttemptAt,
      lockedUntil: documents.lockedUntil,
      attempts: documents.attempts,
      failed: eq(documents.status, 'failed'),
    },
    leaseMs: CLAIM_LEASE_MS,
    maxAttempts: MAX_ATTEMPTS,
    backoffMs: (attempts) => 30_000 * 2 ** attempts,
    intervalMs: 2000,
    describe: (row) => `processing document ${row.id}`,
    work: processOne,
    // A limit reached is reached again by the same file: no retries.
    isFinal: (err) => err instanceof ProcessingStopped,
    onRetry: (_row, reason) => ({ processingError: reason }),
    onGiveUp: (_row, reason) => ({ status: 'failed', processingError: reason }),
    givenUpReason: STOPPED.givenUp,
  });
}

/** The processing job run on its own (tests drain it by hand; main.ts runs every job through startJobs). */
export function startDocumentWorker(opts: DocumentJobDeps & { intervalMs?: number; log?: JobLog }): DocumentWorker {
  const worker = startJob(opts.db, documentProcessingJob(opts), { intervalMs: opts.intervalMs, log: opts.log });
  return { ...worker, sweep: (olderThanMs) => sweepDocumentUploads(opts.db, opts.blobs, { olderThanMs }) };
}

type JobMatch = { id: string; documentTypes: string[]; claimMatched?: boolean };

async function jobById(db: Db, workspaceId: string, id: string): Promise<JobMatch | null> {
  const [job] = await db.select({ id: jobs.id, documentTypes: jobs.documentTypes }).from(jobs).where(and(eq(jobs.id, id), eq(jobs.workspaceId, workspaceId)));
  return job ?? null;
}

/** Letters and digits only, lower case: "12 Oak Ave." and "12 oak ave" are one address. */
const ADDRESS_KEY = (column: unknown) => sql`lower(regexp_replace(${column}, '[^A-Za-z0-9]+', '', 'g'))`;

/** The job of the workspace this document speaks of: by claim number, else by property address (newest first). */
async function matchJob(db: Db, workspaceId: string, fields: ExtractedData): Promise<JobMatch | null> {
  if (fields.claim_number) {
    const [job] = await db
      .select({ id: jobs.id, documentTypes: jobs.documentTypes })
      .from(jobs)
      .where(and(eq(jobs.workspaceId, workspaceId), sql`upper(${jobs.claimNumber}) = ${fields.claim_number}`))
      .orderBy(sql`${jobs.createdAt} DESC`)
      .limit(1);
    if (job) return { ...job, claimMatched: true };
  }
  const address = fields.property_address?.replace(/[^A-Za-z0-9]+/g, '').toLowerCase();
  if (address && address.length >= 6) {
    const [job] = await db
      .select({ id: jobs.id, documentTypes: jobs.documentTypes })
      .from(jobs)
      .where(
        and(
          eq(jobs.workspaceId, workspaceId),
          sql`length(${ADDRESS_KEY(jobs.propertyAddress)}) >= 6`,
          sql`(${address} LIKE ${ADDRESS_KEY(jobs.propertyAddress)} || '%' OR ${ADDRESS_KEY(jobs.propertyAddress)} LIKE ${address} || '%')`,
        ),
      )
      .orderBy(sql`${jobs.createdAt} DESC`)
      .limit(1);
    if (job) return job;
  }
  return null;
}
