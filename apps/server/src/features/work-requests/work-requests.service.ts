import {
  CreateContactBodySchema,
  WORK_REQUEST_CONVERTED_CONFLICT,
  WORK_REQUEST_DECLINED_CONFLICT,
  WORK_REQUEST_MAX_PHOTOS,
  WORK_REQUEST_NOT_FOUND,
  type ConvertWorkRequestResult,
  type HubWorkRequestBodySchema,
  type SubmitWorkRequestBodySchema,
  type WorkRequest,
  type WorkRequestDetail,
  type WorkRequestList,
  type WorkRequestReceipt,
  type WorkRequestStatus,
} from '@fieldbook/contract';
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import type { BlobStore } from '../../platform/blob-store';
import type { WorkspaceActor } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import type { TokenSigner } from '../../platform/tokens';
import { createContact, findContactsByEmail, findContactsByIds, findContactsByPhone } from '../contacts';
import { insertJobRecords } from '../jobs';
import { notify } from '../notifications';
import { reserveJobPhotos } from '../photos';
import { workspaceAdminIds } from '../workspaces';
import { jobPhotoReservations, photosOf, photoUploadToken, readyRequestPhotos, storeOnJob } from './request-photos';
import { workRequestPhotos, workRequests } from './work-requests.schema';

type Row = typeof workRequests.$inferSelect;

export function toWorkRequest(r: Row, photoCount: number): WorkRequest {
  return {
    id: r.id,
    status: r.status,
    source: r.source,
    what: r.what,
    address: r.address,
    preferred_times: r.preferredTimes,
    name: r.name,
    phone: r.phone,
    email: r.email,
    photo_count: photoCount,
    job_id: r.jobId,
    contact_id: r.contactId,
    decided_at: r.decidedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

type NewRequest = { workspaceId: string; source: 'link' | 'hub'; what: string; address: string; preferredTimes: string; name: string; phone: string; email: string | null; contactId: string | null };

/**
 * Stores a request and tells the office (the workspace's admins) on the bell, in one transaction. Nothing is sent to
 * the addresses in it: the form is public, and a message to a typed address would let anyone send the contractor's
 * messages to anyone.
 */
async function storeRequest(db: Db, signer: TokenSigner, input: NewRequest, now: Date): Promise<WorkRequestReceipt> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(workRequests).values(input).returning({ id: workRequests.id });
    await notify(tx, {
      workspaceId: input.workspaceId,
      userIds: await workspaceAdminIds(tx, input.workspaceId),
      kind: 'work_request_received',
      title: `New work request from ${input.name}`,
      body: `${input.what}\n${input.address}`,
      link: `/requests/${row!.id}`,
      jobId: null,
    });
    return row!.id;
  });
  return { received: true, photo_token: photoUploadToken(signer, id, now), max_photos: WORK_REQUEST_MAX_PHOTOS };
}

/** The public form, after its limits and its proof of work. A filled honeypot is answered the same, storing nothing. */
export async function submitPublicRequest(opts: { db: Db; signer: TokenSigner; workspaceId: string; body: z.output<typeof SubmitWorkRequestBodySchema>; now: Date }): Promise<WorkRequestReceipt> {
  const { body } = opts;
  if (body.website.trim() !== '') {
    // A bot: it gets what a person gets (a photo token for a request that does not exist, so its photos are refused).
    return { received: true, photo_token: photoUploadToken(opts.signer, randomUUID(), opts.now), max_photos: WORK_REQUEST_MAX_PHOTOS };
  }
  return storeRequest(
    opts.db,
    opts.signer,
    { workspaceId: opts.workspaceId, source: 'link', what: body.what, address: body.address, preferredTimes: body.preferred_times, name: body.name, phone: body.phone, email: body.email, contactId: null },
    opts.now,
  );
}

/**
 * A request from the client hub (features/client-hub): the hub has verified its link, so the contact — who they are —
 * comes from the hub, and only what and where from the form. The same answer as the public form (the photo token).
 */
export async function submitHubWorkRequest(opts: {
  db: Db;
  signer: TokenSigner;
  workspaceId: string;
  contact: { id: string; name: string; phone_number: string; email: string | null };
  body: z.output<typeof HubWorkRequestBodySchema>;
  now: Date;
}): Promise<WorkRequestReceipt> {
  const { body, contact } = opts;
  return storeRequest(
    opts.db,
    opts.signer,
    { workspaceId: opts.workspaceId, source: 'hub', what: body.what, address: body.address, preferredTimes: body.preferred_times, name: contact.name, phone: contact.phone_number, email: contact.email, contactId: contact.id },
    opts.now,
  );
}

const ofWorkspace = (actor: WorkspaceActor, id: string) => and(eq(workRequests.id, id), eq(workRequests.workspaceId, actor.workspaceId));

async function photoCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ requestId: workRequestPhotos.requestId, n: count() })
    .from(workRequestPhotos)
    .where(and(inArray(workRequestPhotos.requestId, ids), ne(workRequestPhotos.status, 'uploading')))
    .groupBy(workRequestPhotos.requestId);
  return new Map(rows.map((r) => [r.requestId, r.n]));
}

export async function listWorkRequests(opts: { db: Db; actor: WorkspaceActor; status: WorkRequestStatus; limit: number; offset: number }): Promise<WorkRequestList> {
  const { db, actor } = opts;
  const where = and(eq(workRequests.workspaceId, actor.workspaceId), eq(workRequests.status, opts.status));
  const [rows, [total], [fresh]] = await Promise.all([
    db.select().from(workRequests).where(where).orderBy(desc(workRequests.createdAt), desc(workRequests.id)).limit(opts.limit).offset(opts.offset),
    db.select({ n: count() }).from(workRequests).where(where),
    db
      .select({ n: count() })
      .from(workRequests)
      .where(and(eq(workRequests.workspaceId, actor.workspaceId), eq(workRequests.status, 'new'))),
  ]);
  const counts = await photoCounts(db, rows.map((r) => r.id));
  return { requests: rows.map((r) => toWorkRequest(r, counts.get(r.id) ?? 0)), total: total?.n ?? 0, new_count: fresh?.n ?? 0 };
}

async function requestRow(db: Db | Tx, actor: WorkspaceActor, id: string, lock = false): Promise<Row> {
  const query = db.select().from(workRequests).where(ofWorkspace(actor, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', WORK_REQUEST_NOT_FOUND);
  return row;
}

export async function getWorkRequest(opts: { db: Db; signer: TokenSigner; actor: WorkspaceActor; id: string; now: Date }): Promise<WorkRequestDetail> {
  const row = await requestRow(opts.db, opts.actor, opts.id);
  const photos = (await photosOf(opts.db, opts.signer, [row.id], opts.now)).get(row.id) ?? [];
  return { ...toWorkRequest(row, photos.length), photos };
}

/** The job's title: the request's first line, shortened. */
const jobTitle = (what: string) => {
  const first = what.split('\n')[0]!.trim();
  return first.length > 80 ? `${first.slice(0, 77)}…` : first;
};

/** The caller's contact for a request: the hub's contact, else one with its phone, else one with its email; null for none. */
async function matchingContact(db: Db, actor: WorkspaceActor, row: Row): Promise<string | null> {
  if (row.contactId) {
    const [known] = await findContactsByIds({ db, actor, ids: [row.contactId] });
    if (known) return known.id;
  }
  const byPhone = await findContactsByPhone({ db, actor, phones: [row.phone] });
  if (byPhone.contacts[0]) return byPhone.contacts[0].id;
  if (row.email) {
    const [byEmail] = await findContactsByEmail({ db, actor, emails: [row.email] });
    if (byEmail) return byEmail.id;
  }
  return null;
}

/**
 * "Create job": the job from the request (client, address, title from what was asked), the contact when the caller
 * has none with its phone or email (through the contacts feature, its one-phone rule included), the photos the client
 * sent (the photos feature's rows in the same transaction, then their files: request-photos.ts), and the request
 * linked to both — once: the request's row is locked, and a repeat (a second click, another member at the same moment)
 * answers the job the first made, completing any photo whose file a failure or crash left unwritten. A declined
 * request is a 409.
 */
export async function convertWorkRequest(opts: { db: Db; blobs: BlobStore; actor: WorkspaceActor; id: string; now: Date }): Promise<ConvertWorkRequestResult> {
  const { db, actor } = opts;
  const first = await requestRow(db, actor, opts.id);
  if (first.status === 'declined') throw new AppError('CONFLICT', WORK_REQUEST_DECLINED_CONFLICT);
  // Read before the transaction: a transaction is one connection, and these reads run side by side.
  const matched = first.status === 'new' ? await matchingContact(db, actor, first) : null;
  const result = await db.transaction(async (tx) => {
    const row = await requestRow(tx, actor, opts.id, true);
    if (row.status === 'declined') throw new AppError('CONFLICT', WORK_REQUEST_DECLINED_CONFLICT);
    if (row.status === 'converted') return { row, created: false };
    let contactId = matched;
    let created = false;
    if (!contactId) {
      const input = CreateContactBodySchema.parse({ name: row.name, phone_number: row.phone, email: row.email, notes: 'From a work request' });
      // The contacts feature's own create, inside this transaction (its own transaction becomes a savepoint).
      contactId = (await createContact({ db: tx as unknown as Db, actor, input })).id;
      created = true;
    }
    const description = [row.what, row.preferredTimes ? `Preferred times: ${row.preferredTimes}` : ''].filter(Boolean).join('\n\n');
    const [jobId] = await insertJobRecords(tx, [
      { workspaceId: actor.workspaceId, createdBy: actor.userId, clientName: row.name, propertyAddress: row.address, title: jobTitle(row.what), description, status: 'active' },
    ]);
    await reserveJobPhotos(tx, jobPhotoReservations(await readyRequestPhotos(tx, row.id), { jobId: jobId!, authorId: actor.userId }));
    const [updated] = await tx
      .update(workRequests)
      .set({ status: 'converted', jobId, contactId, decidedBy: actor.userId, decidedAt: opts.now })
      .where(eq(workRequests.id, row.id))
      .returning();
    return { row: updated!, created };
  });
  if (!result.row.jobId || !result.row.contactId) throw new AppError('CONFLICT', WORK_REQUEST_CONVERTED_CONFLICT);
  const photos = await readyRequestPhotos(db, result.row.id);
  const onJob = await storeOnJob({ db, blobs: opts.blobs, now: opts.now }, photos);
  return {
    request: toWorkRequest(result.row, photos.length),
    job_id: result.row.jobId,
    contact_id: result.row.contactId,
    contact_created: result.created,
    photos_on_job: onJob,
  };
}

/** Declines a new request (again: no change); a converted one is a 409. */
export async function declineWorkRequest(opts: { db: Db; actor: WorkspaceActor; id: string; now: Date }): Promise<WorkRequest> {
  const { db, actor } = opts;
  const row = await db.transaction(async (tx) => {
    const r = await requestRow(tx, actor, opts.id, true);
    if (r.status === 'converted') throw new AppError('CONFLICT', WORK_REQUEST_CONVERTED_CONFLICT);
    if (r.status === 'declined') return r;
    const [updated] = await tx.update(workRequests).set({ status: 'declined', decidedBy: actor.userId, decidedAt: opts.now }).where(eq(workRequests.id, r.id)).returning();
    return updated!;
  });
  const counts = await photoCounts(db, [row.id]);
  return toWorkRequest(row, counts.get(row.id) ?? 0);
}
