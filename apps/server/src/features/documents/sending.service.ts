import { randomUUID } from 'node:crypto';
import type { CreateDocumentRecordBodySchema, Delivery, DocumentSchema, SendMethod, TaskNotificationBodySchema } from '@fieldbook/contract';
import type { JsonText } from '../../platform/json-text';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { listJobTaskRecords } from '../tasks';
import { documents } from './documents.schema';
import { requireWorkspace, type Actor } from '../../platform/auth-guard';
import { AppError, fieldError } from '../../platform/errors';
import { enqueueMail, enqueueSms } from '../../platform/mail';
import type { TokenSigner } from '../../platform/tokens';
import { assertJobInWorkspace, findJobRecord, JOB_NOT_FOUND } from '../jobs';
import { queueDocumentDelivery, resolveRecipients, workspaceName } from './delivery';
import { itemAdded } from '../../platform/item-events';
import { getDocumentJson, getDocumentObject, getDocumentRow } from './documents.service';

const TYPE_LABELS: Record<string, string> = { inspection_report: 'Inspection report', work_order: 'Work order', uploaded: 'Document' };
export const labelOf = (type: string) => TYPE_LABELS[type] ?? type.charAt(0).toUpperCase() + type.slice(1).replaceAll('_', ' ');

/** POST /api/documents/:id/send: a stored document to contacts (attached by email, linked by SMS). */
export async function sendDocument(opts: { db: Db; signer: TokenSigner; publicUrl: string; now: Date; actor: Actor; id: string; recipients: string[]; method: SendMethod }): Promise<Delivery> {
  // One read after the other, never at once on this `db`: sending is a database-only write (its mail and texts go
  // through the outbox), the kind the contract may mark offlineQueued, and then `db` is the request's transaction —
  // one connection, where concurrent statements are deprecated in node-postgres (an error from pg 9) and interleave
  // on PGlite. Two indexed lookups; the row first, so a document of another workspace is a 404 before its JSON is built.
  const row = await getDocumentRow(opts);
  if (row.storageType !== 'server' || !row.storageKey) throw new AppError('CONFLICT', 'This document is stored in Google Drive; share it from there');
  const document = await getDocumentObject(opts);
  const recipients = await resolveRecipients({ db: opts.db, actor: opts.actor, ids: opts.recipients, method: opts.method });
  const company = await workspaceName(opts.db, row.workspaceId);
  const about = document.job?.property_address ?? document.job?.client_name ?? null;
  return opts.db.transaction((tx) =>
    queueDocumentDelivery(tx, { signer: opts.signer, publicUrl: opts.publicUrl, now: opts.now, company, label: labelOf(row.documentType), doc: row, about, recipients }),
  );
}

/** POST /api/notifications: the job's chosen tasks (all open ones when none are named) with a note, to contacts. */
export async function sendTaskNotification(opts: { db: Db; actor: Actor; body: z.output<typeof TaskNotificationBodySchema> }): Promise<Delivery> {
  const { db, actor, body } = opts;
  const workspaceId = requireWorkspace(actor);
  const job = await findJobRecord(db, { workspaceId, jobId: body.job_id });
  if (!job) throw new AppError('NOT_FOUND', JOB_NOT_FOUND);
  const chosen = await listJobTaskRecords(db, { jobId: job.id, taskIds: body.tasks });
  if (body.tasks.length && chosen.length !== new Set(body.tasks).size) throw fieldError('tasks', 'Some of the chosen tasks are not tasks of this job');
  const listed = body.tasks.length ? chosen : chosen.filter((t) => t.status !== 'completed');
  if (listed.length === 0 && !body.content) throw fieldError('tasks', 'This job has no open tasks to send');
  const recipients = await resolveRecipients({ db, actor, ids: body.recipients, method: body.method });
  const company = await workspaceName(db, workspaceId);
  const about = job.propertyAddress ?? job.clientName ?? 'your job';
  const lines = listed.map((t) => `• ${t.description} (${t.status}${t.dueDate ? `, due ${t.dueDate}` : ''})`);
  const text = [body.content, lines.length ? `Tasks for ${about}:` : '', ...lines].filter(Boolean).join('\n');
  await db.transaction(async (tx) => {
    for (const r of recipients.valid) {
      if (recipients.method === 'email') await enqueueMail(tx, { to: r.address, subject: `Tasks for ${about} from ${company}`, text: `Hello ${r.name},\n\n${text}\n\n${company}` });
      else await enqueueSms(tx, { to: r.address, text: `${company}: ${text}` });
    }
  });
  // The task list sent is kept in the user's Google Drive (FIELDBOOK/tasks) when they connected one (issue 25).
  const stamp = new Date().toISOString().replace(/\D/g, '');
  await itemAdded(db, { kind: 'task_list', id: randomUUID(), userId: actor.userId, workspaceId, name: `tasks_${about.replace(/[^A-Za-z0-9]+/g, '_')}_${stamp.slice(0, 8)}_${stamp.slice(8, 14)}.txt`, mimeType: 'text/plain', blobKey: null, text, size: Buffer.byteLength(text) });
  return { method: recipients.method, sent_to: recipients.valid, skipped: recipients.skipped };
}

/** POST /api/documents: a record of a file the user stored in their drive (spec 001 §7); nothing is stored here. */
export async function createDocumentRecord(opts: { db: Db; actor: Actor; body: z.output<typeof CreateDocumentRecordBodySchema> }): Promise<JsonText<typeof DocumentSchema>> {
  const workspaceId = requireWorkspace(opts.actor);
  const { body } = opts;
  if (body.job_id) await assertJobInWorkspace({ db: opts.db, workspaceId, jobId: body.job_id }).catch(() => Promise.reject(fieldError('job_id', 'No such job in your workspace')));
  const [row] = await opts.db
    .insert(documents)
    .values({
      workspaceId,
      jobId: body.job_id ?? null,
      createdBy: opts.actor.userId,
      name: body.file_name,
      documentType: body.document_type,
      mimeType: typeof body.metadata.mimeType === 'string' ? body.metadata.mimeType.slice(0, 100) : null,
      status: 'created',
      storageType: 'google_drive',
      storageKey: body.storage_id,
      metadata: body.metadata,
    })
    .returning({ id: documents.id });
  return getDocumentJson({ db: opts.db, actor: opts.actor, id: row!.id });
}
