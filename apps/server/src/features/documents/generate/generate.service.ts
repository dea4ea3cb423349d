import {
  findContactByPhone,
  LineItemSchema,
  WORK_ORDER_DOCUMENT_TYPE,
  type GeneratedDocument,
  type GeneratedDocumentType,
  type LineItem,
  type SendMethod,
} from '@fieldbook/contract';
import { itemAdded } from '../../../platform/item-events';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { findTaskRef, listJobTaskRecords } from '../../tasks';
import { documents } from '../documents.schema';
import { requireWorkspace, type Actor } from '../../../platform/auth-guard';
import type { BlobStore } from '../../../platform/blob-store';
import { AppError, fieldError } from '../../../platform/errors';
import type { TokenSigner } from '../../../platform/tokens';
import { findContactsByPhone } from '../../contacts';
import { findJobRecord, JOB_NOT_FOUND, saveJobLineItems } from '../../jobs';
import { queueDocumentDelivery, resolveRecipients, workspaceName, type Recipients } from '../delivery';
import { getDocumentObject } from '../documents.service';
import { writePdf, type PdfContent } from './pdf-writer';
import { documentLabel, generatedFileName, jobDocumentContent, lineItemsTotal, workOrderContent, type JobFacts } from './templates';

export type GenerateDeps = { db: Db; blobs: BlobStore; signer: TokenSigner; publicUrl: string; now: Date };
type Sending = { recipients: string[]; send_method?: SendMethod | undefined };

const SavedLineItemsSchema = z.array(LineItemSchema).max(100);

/** The job, its tasks (assignees by contact name), the workspace's name and the job's saved line items. */
async function loadFacts(db: Db, actor: Actor, workspaceId: string, jobId: string, today: string) {
  const job = await findJobRecord(db, { workspaceId, jobId });
  if (!job) throw new AppError('NOT_FOUND', JOB_NOT_FOUND);
  // At once: `db` is the pool here, never a transaction — generating writes a blob (store below), which rules the
  // endpoint out of the offline queue's request transaction (docs/adding-a-feature.md §4), and nothing calls this
  // inside a db.transaction. Were that to change, read these one after the other (one connection).
  const [taskRows, company] = await Promise.all([
    listJobTaskRecords(db, { jobId: job.id }),
    workspaceName(db, workspaceId),
  ]);
  const phones = taskRows.map((t) => t.assignedTo).filter((p): p is string => Boolean(p));
  const { contacts } = await findContactsByPhone({ db, actor, phones });
  // Spec 001 §5 phone matching (raw, digits, +1), as every screen shows an assignee.
  const nameOf = (phone: string | null) => (phone ? (findContactByPhone(phone, contacts)?.name ?? phone) : null);
  const saved = SavedLineItemsSchema.safeParse(job.metadata.line_items);
  const facts: JobFacts = {
    company,
    job: { id: job.id, clientName: job.clientName, propertyAddress: job.propertyAddress, claimNumber: job.claimNumber, title: job.title, description: job.description, dueDate: job.dueDate },
    tasks: taskRows.map((t) => ({ id: t.id, description: t.description, status: t.status, priority: t.priority, dueDate: t.dueDate, assignee: nameOf(t.assignedTo) })),
    lineItems: saved.success && saved.data.length ? saved.data : null,
    notes: null,
    today,
  };
  return facts;
}

/** Everything a generated document says, as plain text: what search and the assistant read. */
function plainText(content: PdfContent): string {
  return [
    `${content.title} ${content.number}`,
    content.company,
    ...content.parties.flatMap((p) => [p.label, ...p.lines.filter(Boolean)]),
    ...(content.table ? [content.table.columns.join(' | '), ...content.table.rows.map((r) => r.join(' | ')), ...content.table.totals.map((t) => t.join(': '))] : []),
    ...content.sections.flatMap((s) => [s.heading, ...s.paragraphs]),
  ].join('\n');
}

/**
 * Writes the PDF and stores it as a document with status created. The row comes first (status uploading, as an
 * upload's), then the blob, then — in one transaction — the row becomes created, the job keeps new line items and
 * the messages are queued: a crash leaves an uploading row the sweeper removes with its blob, never a sent link to
 * nothing.
 */
async function store(
  deps: GenerateDeps,
  opts: { actor: Actor; workspaceId: string; jobId: string; taskId: string | null; type: string; label: string; fileName: string; content: (id: string) => PdfContent; facts: JobFacts; recipients: Recipients | null; saveLineItems: LineItem[] | null; total: number | null },
): Promise<GeneratedDocument> {
  const { db, blobs } = deps;
  const id = crypto.randomUUID();
  const content = opts.content(id);
  const pdf = await writePdf(content);
  const storageKey = `documents/${opts.workspaceId}/${id}`;
  const extracted = { client_name: opts.facts.job.clientName, property_address: opts.facts.job.propertyAddress, claim_number: opts.facts.job.claimNumber, total: opts.total, document_number: content.number };
  await db.insert(documents).values({
    id,
    workspaceId: opts.workspaceId,
    jobId: opts.jobId,
    taskId: opts.taskId,
    createdBy: opts.actor.userId,
    name: opts.fileName,
    documentType: opts.type,
    fileType: 'pdf',
    mimeType: 'application/pdf',
    status: 'uploading',
    storageKey,
  });
  try {
    await blobs.put(storageKey, Readable.from([pdf]), { contentType: 'application/pdf' });
  } catch (err) {
    await db.delete(documents).where(eq(documents.id, id));
    throw err;
  }
  let delivery: GeneratedDocument['delivery'] = null;
  await db.transaction(async (tx) => {
    await tx
      .update(documents)
      .set({ status: 'created', fileSize: pdf.length, extractedText: plainText(content), metadata: { size: pdf.length, generated: true, extracted_data: extracted }, processedAt: deps.now })
      .where(eq(documents.id, id));
    if (opts.saveLineItems) {
      await saveJobLineItems(tx, opts.jobId, opts.saveLineItems);
    }
    if (opts.recipients) {
      delivery = await queueDocumentDelivery(tx, {
        signer: deps.signer,
        publicUrl: deps.publicUrl,
        now: deps.now,
        company: opts.facts.company,
        label: opts.label,
        doc: { id, workspaceId: opts.workspaceId, name: opts.fileName, mimeType: 'application/pdf', fileSize: pdf.length, storageKey },
        about: opts.facts.job.propertyAddress ?? opts.facts.job.clientName,
        recipients: opts.recipients,
      });
    }
  });
  // Copied to the user's Google Drive when they connected one (platform/item-events.ts; issue 25).
  await itemAdded(db, { kind: 'document', id, userId: opts.actor.userId, workspaceId: opts.workspaceId, name: opts.fileName, mimeType: 'application/pdf', blobKey: storageKey, size: pdf.length, jobId: opts.jobId });
  return { document: await getDocumentObject({ db, actor: opts.actor, id }), delivery };
}

/** POST /api/jobs/:id/generate-document?doc_type=… */
export async function generateJobDocument(
  deps: GenerateDeps,
  opts: { actor: Actor; jobId: string; type: GeneratedDocumentType; body: Sending & { line_items?: LineItem[] | undefined; notes?: string | undefined } },
): Promise<GeneratedDocument> {
  const workspaceId = requireWorkspace(opts.actor);
  const today = deps.now.toISOString().slice(0, 10);
  const facts = await loadFacts(deps.db, opts.actor, workspaceId, opts.jobId, today);
  // Recipients are checked before anything is written: a refused request leaves nothing behind.
  const recipients = opts.body.send_method ? await resolveRecipients({ db: deps.db, actor: opts.actor, ids: opts.body.recipients, method: opts.body.send_method }) : null;
  const lineItems = opts.body.line_items?.length ? opts.body.line_items : facts.lineItems;
  const withItems: JobFacts = { ...facts, lineItems, notes: opts.body.notes || null };
  return store(deps, {
    actor: opts.actor,
    workspaceId,
    jobId: facts.job.id,
    taskId: null,
    type: opts.type,
    label: documentLabel(opts.type),
    fileName: generatedFileName(opts.type, withItems),
    content: (id) => jobDocumentContent(opts.type, withItems, id),
    facts: withItems,
    recipients,
    saveLineItems: opts.body.line_items?.length ? opts.body.line_items : null,
    total: opts.type === 'inspection_report' ? null : lineItemsTotal(lineItems),
  });
}

/** POST /api/tasks/:id/generate-document: the task's work order, stored on its job. */
export async function generateTaskDocument(deps: GenerateDeps, opts: { actor: Actor; taskId: string; body: Sending & { job_id: string } }): Promise<GeneratedDocument> {
  const workspaceId = requireWorkspace(opts.actor);
  const task = await findTaskRef(deps.db, { workspaceId, taskId: opts.taskId });
  if (!task) throw new AppError('NOT_FOUND', 'Task not found');
  if (task.jobId !== opts.body.job_id) throw fieldError('job_id', 'This task belongs to another job');
  const today = deps.now.toISOString().slice(0, 10);
  const facts = await loadFacts(deps.db, opts.actor, workspaceId, task.jobId, today);
  const recipients = opts.body.send_method ? await resolveRecipients({ db: deps.db, actor: opts.actor, ids: opts.body.recipients, method: opts.body.send_method }) : null;
  const taskFacts = facts.tasks.find((t) => t.id === task.id)!;
  return store(deps, {
    actor: opts.actor,
    workspaceId,
    jobId: task.jobId,
    taskId: task.id,
    type: WORK_ORDER_DOCUMENT_TYPE,
    label: documentLabel('work_order'),
    fileName: generatedFileName('work_order', facts),
    content: (id) => workOrderContent(facts, taskFacts, id),
    facts,
    recipients,
    saveLineItems: null,
    total: null,
  });
}
