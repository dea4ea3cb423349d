import { formatCents, type QuoteTotalsOut } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { BlobStore } from '../../platform/blob-store';
import { defineJob, startJob, type JobLog } from '../../platform/jobs';
import { enqueueMail } from '../../platform/mail';
import { storeGeneratedPdf } from '../documents';
import { findJobRecord } from '../jobs';
import { workspaceName } from '../workspaces';
import { authorMailAddress } from './author-mail';
import { quoteAppPath } from './quote-link';
import { signedQuoteText, writeSignedQuotePdf } from './quote-pdf';
import { quoteApprovals, quotes } from './quotes.schema';
import { loadItems, type ApprovalRow } from './quotes.service';

const givenUp = (attempts: number) => `Signed PDF stopped: ${attempts} attempts ended without a result`;

/**
 * After an approval (issue 27): writes the signed PDF, stores it as a document on the job through the documents
 * feature (the document's id is the approval's, so a retry finds it instead of adding a second), and emails the
 * quote's author through the outbox. A job of the runner over quote_approvals (platform/jobs.ts; ADR 0008): the
 * approval itself is committed by the homeowner's request and never waits for the PDF.
 */
export function quoteSignedPdfJob(deps: { db: Db; blobs: BlobStore; publicUrl: string; now?: () => Date }) {
  const { db } = deps;
  return defineJob<ApprovalRow>({
    name: 'quote-signed-pdf',
    queue: {
      table: quoteApprovals,
      key: quoteApprovals.id,
      pending: eq(quoteApprovals.pdfStatus, 'pending'),
      dueAt: quoteApprovals.nextAttemptAt,
      lockedUntil: quoteApprovals.lockedUntil,
      attempts: quoteApprovals.attempts,
      failed: eq(quoteApprovals.pdfStatus, 'failed'),
    },
    leaseMs: 5 * 60_000,
    maxAttempts: 5,
    backoffMs: (attempts) => 30_000 * 2 ** attempts,
    intervalMs: 1000,
    describe: (row) => `signed PDF of quote ${row.quoteId}`,
    work: async (approval) => {
      const [quote] = await db.select().from(quotes).where(eq(quotes.id, approval.quoteId)).limit(1);
      if (!quote) throw new Error('The quote is gone');
      // At once: a job's work runs outside any transaction (platform/jobs.ts), on the pool's connections.
      const [items, company, job] = await Promise.all([loadItems(db, quote.id), workspaceName(db, quote.workspaceId), findJobRecord(db, { workspaceId: quote.workspaceId, jobId: quote.jobId })]);
      const facts = { company, job: { title: job?.title ?? null, clientName: job?.clientName ?? null, propertyAddress: job?.propertyAddress ?? null }, quote, items, approval };
      const pdf = await writeSignedQuotePdf(facts);
      const name = `Quote ${quote.number} signed.pdf`.replace(/[\\/:*?"<>|]/g, '-');
      const documentId = await storeGeneratedPdf(
        { db, blobs: deps.blobs, now: deps.now?.() ?? new Date() },
        { id: approval.id, workspaceId: quote.workspaceId, jobId: quote.jobId, createdBy: quote.createdBy, name, documentType: 'contract', pdf, text: signedQuoteText(facts), metadata: {
            quote_id: quote.id,
            fingerprint: approval.fingerprint,
            // What the document screen shows as its extracted fields, as a generated document's.
            extracted_data: { client_name: job?.clientName ?? null, property_address: job?.propertyAddress ?? null, total: (approval.totals as QuoteTotalsOut).total_cents / 100, document_number: quote.number },
          },
        },
      );
      const totals = approval.totals as QuoteTotalsOut;
      // The author's settings may say no email: the PDF is on the job all the same (author-mail.ts).
      const authorEmail = await authorMailAddress(db, quote.createdBy);
      await db.transaction(async (tx) => {
        await tx.update(quoteApprovals).set({ documentId, pdfStatus: 'done', pdfError: null, lockedUntil: null }).where(eq(quoteApprovals.id, approval.id));
        if (authorEmail) {
          const option = approval.option === null ? '' : ` (${quote.options[approval.option]?.name ?? ''})`;
          await enqueueMail(tx, {
            to: authorEmail,
            subject: `Quote ${quote.number} approved by ${approval.signerName}: ${formatCents(totals.total_cents)}`,
            text: [
              `${approval.signerName} approved and signed your quote "${quote.title}"${option} for ${job?.propertyAddress ?? job?.clientName ?? 'the job'}.`,
              '',
              `Total: ${formatCents(totals.total_cents)} · deposit due: ${formatCents(totals.deposit_cents)}`,
              `Approved at ${approval.approvedAt.toISOString()}.`,
              '',
              `The signed PDF with its audit trail is on the job: ${deps.publicUrl}${quoteAppPath(quote)}`,
            ].join('\n'),
            attachments: [{ file_name: name, content_type: 'application/pdf', blob_key: `documents/${quote.workspaceId}/${documentId}`, size: pdf.length }],
          });
        }
      });
    },
    onRetry: (_row, reason) => ({ pdfError: reason }),
    onGiveUp: (_row, reason) => ({ pdfStatus: 'failed', pdfError: reason }),
    givenUpReason: givenUp,
  });
}

/** The job run on its own (tests drain it by hand; main.ts runs every job through startJobs). */
export function startQuotePdfWorker(opts: { db: Db; blobs: BlobStore; publicUrl: string; log?: JobLog }) {
  return startJob(opts.db, quoteSignedPdfJob(opts), { log: opts.log });
}
