import { formatCents } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { BlobStore } from '../../platform/blob-store';
import { defineJob, startJob, type JobLog } from '../../platform/jobs';
import { enqueueMail } from '../../platform/mail';
import { storeGeneratedPdf } from '../documents';
import { readApprovedSnapshot, UnreadableSnapshot } from './approved-snapshot';
import { authorMailAddress } from './author-mail';
import { quoteAppPath } from './quote-link';
import { signedQuoteText, writeSignedQuotePdf } from './quote-pdf';
import { quoteApprovals, quotes } from './quotes.schema';
import type { ApprovalRow } from './quotes.service';
import { signatureForPdf, UnusableSignature } from './signature';

/** The client's copy's subject (issue 32 item 9). */
export const clientCopySubject = (number: string, company: string) => `Your signed quote ${number} from ${company}`;

const givenUp = (attempts: number) => `Signed PDF stopped: ${attempts} attempts ended without a result`;

/**
 * After an approval (issue 27): writes the signed PDF, stores it as a document on the job through the documents
 * feature (the document's id is the approval's, so a retry finds it instead of adding a second), and emails the
 * quote's author through the outbox. A job of the runner over quote_approvals (platform/jobs.ts; ADR 0008): the
 * approval itself is committed by the homeowner's request and never waits for the PDF.
 *
 * Everything the PDF, the document's fields and the email say comes from the approval's snapshot of what was shown
 * and chosen (approved-snapshot.ts), not from the job or the company as they are when this runs (issue 32). The
 * signature is read again in a bounded child first (signature.ts): pdfkit decodes only images we wrote.
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
      const approved = readApprovedSnapshot(approval.shown);
      const { totals } = approved;
      const { job } = approved.quote;
      const facts = { approved, quote, approval, signature: approval.signaturePng === null ? null : await signatureForPdf(approval.signaturePng) };
      const pdf = await writeSignedQuotePdf(facts);
      const name = `Quote ${approved.quote.number} signed.pdf`.replace(/[\\/:*?"<>|]/g, '-');
      const documentId = await storeGeneratedPdf(
        { db, blobs: deps.blobs, now: deps.now?.() ?? new Date() },
        { id: approval.id, workspaceId: quote.workspaceId, jobId: quote.jobId, createdBy: quote.createdBy, name, documentType: 'contract', pdf, text: signedQuoteText(facts), metadata: {
            quote_id: quote.id,
            fingerprint: approval.fingerprint,
            // What the document screen shows as its extracted fields, as a generated document's.
            extracted_data: { client_name: job.client_name, property_address: job.property_address, total: totals.total_cents / 100, document_number: approved.quote.number },
          },
        },
      );
      // The author's settings may say no email: the PDF is on the job all the same (author-mail.ts). A PDF made again
      // (remakeSignedPdf: the first was deleted) emails nobody: the approval was told with the first.
      const authorEmail = approval.pdfMadeAt ? null : await authorMailAddress(db, quote.createdBy);
      // The client's copy of what they signed goes to the address the quote was emailed to — once, with the first PDF.
      // (A job has no client email of its own: a quote sent by SMS only gives no address, and the client downloads the
      // copy from the approved page instead.)
      const clientEmail = approval.pdfMadeAt ? null : quote.sentEmail;
      const attachment = { file_name: name, content_type: 'application/pdf', blob_key: `documents/${quote.workspaceId}/${documentId}`, size: pdf.length };
      await db.transaction(async (tx) => {
        await tx
          .update(quoteApprovals)
          .set({ documentId, pdfStatus: 'done', pdfError: null, lockedUntil: null, pdfMadeAt: approval.pdfMadeAt ?? deps.now?.() ?? new Date() })
          .where(eq(quoteApprovals.id, approval.id));
        const option = approved.selection.option_name === null ? '' : ` (${approved.selection.option_name})`;
        if (authorEmail) {
          await enqueueMail(tx, {
            to: authorEmail,
            subject: `Quote ${approved.quote.number} approved by ${approval.signerName}: ${formatCents(totals.total_cents)}`,
            text: [
              `${approval.signerName} approved and signed your quote "${approved.quote.title}"${option} for ${job.property_address ?? job.client_name ?? 'the job'}.`,
              '',
              `Total: ${formatCents(totals.total_cents)} · deposit due: ${formatCents(totals.deposit_cents)}`,
              `Approved at ${approval.approvedAt.toISOString()}.`,
              '',
              `The signed PDF with its audit trail is on the job: ${deps.publicUrl}${quoteAppPath(quote)}`,
            ].join('\n'),
            attachments: [attachment],
          });
        }
        if (clientEmail) {
          await enqueueMail(tx, {
            to: clientEmail,
            subject: clientCopySubject(approved.quote.number, approved.quote.company),
            text: [
              `Hello ${approval.signerName},`,
              '',
              `Thank you for approving "${approved.quote.title}"${option}. Your signed copy is attached.`,
              '',
              `Total: ${formatCents(totals.total_cents)} · deposit due: ${formatCents(totals.deposit_cents)}`,
              `Approved at ${approval.approvedAt.toISOString()}.`,
              '',
              `Reply to this email or call ${approved.quote.company} with any questions.`,
            ].join('\n'),
            attachments: [attachment],
          });
        }
      });
    },
    // A signature no decoder reads, or a snapshot that does not parse, fails the same way every time.
    isFinal: (err) => err instanceof UnusableSignature || err instanceof UnreadableSnapshot,
    onRetry: (_row, reason) => ({ pdfError: reason }),
    onGiveUp: (_row, reason) => ({ pdfStatus: 'failed', pdfError: reason }),
    givenUpReason: givenUp,
  });
}

/** The job run on its own (tests drain it by hand; main.ts runs every job through startJobs). */
export function startQuotePdfWorker(opts: { db: Db; blobs: BlobStore; publicUrl: string; log?: JobLog }) {
  return startJob(opts.db, quoteSignedPdfJob(opts), { log: opts.log });
}
