import { DEFAULT_DOCUMENT_TYPES } from '@fieldbook/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findJobDocumentTypes, matchJobByClaimOrAddress } from '../jobs';
import { documents } from './documents.schema';
import type { BlobStore } from '../../platform/blob-store';
import { defineJob, startJob, type JobLog } from '../../platform/jobs';
import { sweepDocumentUploads } from './documents.service';
import { classifyDocument } from './extract-fields';
import { extractInChild } from './extract-in-child';
import type { DocumentKind } from './file-kind';
import { ProcessingStopped } from '../../platform/untrusted';
import { DEFAULT_PROCESSING_LIMITS, STOPPED, type ProcessingLimits } from './processing-limits';

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
 * The file itself is read in a child process with limits (extract-in-child.ts, platform/untrusted): a file over a limit fails at once
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
    const job = row.jobId ? await findJobDocumentTypes(db, { workspaceId: row.workspaceId, jobId: row.jobId }) : await matchJobByClaimOrAddress(db, row.workspaceId, fields);
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
      // One company's bulk upload does not keep another's file waiting behind it.
      fairBy: documents.workspaceId,
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

