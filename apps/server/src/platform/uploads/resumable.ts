import { endpointPath, TUS_CONTENT_TYPE, TUS_EXTENSIONS, TUS_VERSION, UPLOAD_RESULT_HEADER, type ResumableUploadEndpoints } from '@fieldbook/contract';
import { randomBytes, randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { and, asc, eq, gt, inArray, isNotNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { resumableUploadParts, resumableUploads } from '../../db/schema/uploads';
import type { BlobStore } from '../blob-store';
import { route, type WorkspaceActor } from '../endpoint';
import { AppError, fieldError, fileTooLargeError } from '../errors';
import {
  announceStored,
  discardUnfinished,
  findUploadRow,
  finishStored,
  recogniseFile,
  storeRecognised,
  type StoredFile,
  type UploadFields,
  type UploadKind,
  type UploadSteps,
} from './lifecycle';
import { readHead } from './stream-head';

/*
 * Resumable uploads: the tus 1.0 protocol (core, creation, creation-with-upload, termination, expiration), written
 * here rather than taken from @tus/server — ADR 0010 (docs/decisions/0010-resumable-uploads.md) says why in full:
 *
 * - @tus/server 2 is a Web-API server (srvx Request/Response) with its own routing, CORS and plain-text errors: in
 *   Fastify it answers on a hijacked reply, past our CORS, security headers, request id and error envelope, and the
 *   access check of the contract's endpoint (route()) would hand it the caller only through a side table keyed by
 *   the raw request.
 * - Its stores keep bytes and state in their own layout (@tus/file-store: a local folder and .json files;
 *   @tus/s3-store: its own objects and .info files), not in our BlobStore under our keys, and its locker is in
 *   memory (one process). We would write a DataStore over BlobStore + PostgreSQL and a locker anyway — the bulk of it.
 * - What is left is the protocol itself: five requests with a handful of headers. tus-js-client, the kept client,
 *   speaks to this server in the browser, in the server tests and in the memory benchmark, so the protocol is checked
 *   by the reference client rather than by our reading of the spec alone.
 *
 * How it keeps the one upload path's rules:
 * - Creation: the kind's size limit against Upload-Length (413 before any byte), the upload rate limit, the feature's
 *   field checks (`beforeFile`) and per-user bounds on unfinished uploads (count and declared bytes), so no one can
 *   fill the disk with partial files.
 * - Each PATCH streams its body into a blob of its own (a part) — never into memory —, recorded before it is written.
 *   A connection that drops mid-PATCH keeps what arrived: the part is committed with the bytes received and the
 *   offset moves on, so the client continues from there. The offset moves only by a conditional update (offset =
 *   the PATCH's offset), so two writers on one upload (a dead connection the server has not noticed, another server
 *   process) never both count: the loser's part is removed and it answers 409. In this process a new request on an
 *   upload ends a PATCH still open on it first (a dead connection), keeping its bytes.
 * - The file is recognised from its first bytes (magic bytes) as soon as they are in — while the first PATCH
 *   streams, or from the stored parts when it was cut before them —: 415 and the upload removed.
 * - The last byte finishes it exactly like a multipart upload (lifecycle.ts): beforeFile, the feature's row
 *   ('uploading') → one blob streamed from the parts → finish → announced; then the parts go. One request finishes
 *   (status 'finishing' under a lease it renews while it works); the upload's row keeps what was made, so a client
 *   whose answer was lost learns it from HEAD instead of uploading again. Exactly once: the feature's row id is
 *   written to the upload before the row is made, so a finish cut short (a dead process, a failed last write) is
 *   found by the next one — a finished row is the answer, a row still 'uploading' is discarded and made anew.
 * - Access: the endpoints are 'workspace' in the contract; an upload is found only by its creator in the workspace
 *   it was made in (anyone else: 404), its id is 192 random bits.
 * - Expiry: an unfinished upload lives RESUMABLE_UPLOAD_TTL_MS after its last bytes (Upload-Expires); the upload
 *   sweep (upload-sweep.ts, hourly in the job runner) removes expired uploads and their parts. A PATCH still receiving
 *   touches its upload (receiveTiming), so a long one is neither stale to its owner's next creation nor expired.
 */

/** An unfinished upload is kept this long after its creation or its last bytes (Upload-Expires). */
export const RESUMABLE_UPLOAD_TTL_MS = 24 * 60 * 60_000;
/** Per user: unfinished uploads at once, and their declared bytes together. */
export const PENDING_UPLOADS_PER_USER = 10;
export const PENDING_UPLOAD_BYTES_PER_USER = 1024 * 1024 * 1024;
/** An unfinished upload without new bytes for this long gives way to its owner's new one when the bounds are reached. */
export const STALE_UPLOAD_MS = 60 * 60_000;
/** How a request holds the upload it finishes. Constants in production; tests shorten them (resumable.test.ts). */
export const finishTiming = {
  /** The finishing request's lease: after it (its process died, or it stalled) another request may take over. */
  leaseMs: 2 * 60_000,
  /** A finishing request renews its lease this often while it works, so a slow finish is never taken over. */
  renewEveryMs: 20_000,
  /** How long a request waits for another that is finishing the same upload before answering 423. */
  waitMs: 20_000,
};
/**
 * How a PATCH shows it is still receiving. Constant in production; tests shorten it (resumable.test.ts). One PATCH may
 * carry the whole file for hours (tus-js-client's default), and updatedAt otherwise moves only when a PATCH commits:
 * while bytes keep arriving the upload's row is touched (updatedAt, and Upload-Expires moved on), so no process takes
 * it for stale (the creation's bounds) or expired (the sweep) in the middle of it.
 */
export const receiveTiming = {
  /** Well within STALE_UPLOAD_MS and RESUMABLE_UPLOAD_TTL_MS. */
  touchEveryMs: 60_000,
};
/** How long a new request waits for the PATCH it ended on the same upload to commit its bytes. */
const SETTLE_WAIT_MS = 10_000;

export const UPLOAD_NOT_FOUND = 'Upload not found';
const UPLOAD_EXPIRED = 'This upload has expired: upload the file again';

type Session = typeof resumableUploads.$inferSelect;

/** The finishing request's hold on an upload (`holdLease`). */
type Lease = {
  /** Runs a write of the upload's row with `held`: the condition that this request still holds it. */
  fenced: <T>(write: (held: SQL) => Promise<T>) => Promise<T>;
  /** Renews the lease now (with `also` written alongside); throws LeaseLost when another request took the upload over. */
  renew: (also?: Partial<Pick<Session, 'resultId'>>) => Promise<void>;
  stop: () => void;
};

/** Another request took over the upload this one was finishing (this one stalled past its lease): the upload is its now. */
class LeaseLost extends Error {
  constructor() {
    super('Another request took over finishing this upload');
  }
}

/** A PATCH being received in this process: `stop` ends its body where it is (its bytes are kept). */
type InFlight = { stop: () => void; done: Promise<void> };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Registers the tus endpoints of one upload kind (`endpoints`: create, offset, append, cancel) in the feature's
 * scope `app`; a finished upload runs `stepsFor(actor)` on the one upload path.
 */
export function registerResumableUpload<K extends string, R>(
  app: FastifyInstance,
  upload: UploadKind<K>,
  endpoints: ResumableUploadEndpoints,
  stepsFor: (actor: WorkspaceActor) => UploadSteps<K, R>,
  now: () => Date = () => new Date(),
): void {
  const { db, blobs, kinds } = upload;
  const kind = endpoints.create.path.split('/').pop()!;
  const bodies = new WeakMap<FastifyRequest, Readable>();
  const inFlight = new Map<string, InFlight>();

  // The bytes stay unread until the handler (after the auth guard and the upload's checks) streams them to a part.
  app.addContentTypeParser(TUS_CONTENT_TYPE, (req, payload, done) => {
    bodies.set(req, payload);
    done(null, undefined);
  });
  const ours = new Set(Object.values(endpoints).map((e) => `${e.method} ${e.path}`));
  app.addHook('onRequest', async (req, reply) => {
    const endpoint = (req.routeOptions.config as { endpoint?: { method: string; path: string } } | undefined)?.endpoint;
    if (!endpoint || !ours.has(`${endpoint.method} ${endpoint.path}`)) return;
    reply.header('tus-resumable', TUS_VERSION);
    // A PATCH is made idempotent by its Upload-Offset: the answer store of platform/idempotency.ts (which cannot see
    // a streamed body) must not replay an earlier answer for it.
    delete req.headers['idempotency-key'];
    const version = req.headers['tus-resumable'];
    if (version !== undefined && version !== TUS_VERSION) {
      reply.header('tus-version', TUS_VERSION);
      return reply.status(412).send({ error: { code: 'BAD_REQUEST', message: `Only tus ${TUS_VERSION} is spoken here` } });
    }
  });

  const findOwn = async (actor: WorkspaceActor, id: string): Promise<Session> => {
    const [row] = await db
      .select()
      .from(resumableUploads)
      .where(and(eq(resumableUploads.id, id), eq(resumableUploads.userId, actor.userId), eq(resumableUploads.workspaceId, actor.workspaceId), eq(resumableUploads.kind, kind)));
    if (!row) throw new AppError('NOT_FOUND', UPLOAD_NOT_FOUND);
    if (row.status !== 'finished' && row.expiresAt.getTime() <= now().getTime()) throw new AppError('GONE', UPLOAD_EXPIRED);
    return row;
  };

  /** Ends a PATCH of this process still receiving on the upload (a dead connection) and waits for its commit. */
  const settle = async (id: string) => {
    const flight = inFlight.get(id);
    if (!flight) return;
    flight.stop();
    await Promise.race([flight.done, sleep(SETTLE_WAIT_MS)]);
  };

  const progressHeaders = (reply: FastifyReply, row: Pick<Session, 'uploadOffset' | 'uploadLength' | 'expiresAt' | 'status' | 'resultId'>) => {
    reply.header('upload-offset', String(row.uploadOffset)).header('upload-length', String(row.uploadLength));
    if (row.status === 'finished' && row.resultId) reply.header(UPLOAD_RESULT_HEADER.toLowerCase(), row.resultId);
    else reply.header('upload-expires', row.expiresAt.toUTCString());
  };

  /** The file's first bytes from the committed parts (a first PATCH cut before them), for recognition. */
  const storedHead = async (id: string): Promise<Buffer> => {
    const parts = await committedParts(db, id);
    const chunks: Buffer[] = [];
    let have = 0;
    for (const part of parts) {
      if (have >= kinds.headBytes) break;
      const got = await blobs.get(part.key, { start: 0, end: Math.min(part.size, kinds.headBytes - have) - 1 });
      if (!got) throw new Error(`A part of upload ${id} is missing`);
      for await (const chunk of got.body as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        have += chunk.length;
      }
    }
    return Buffer.concat(chunks).subarray(0, kinds.headBytes);
  };

  /**
   * Streams `source` into a new part at `offset` and commits it: the new offset and the recognised kind. A body cut
   * short is committed with what arrived.
   */
  const appendBytes = async (session: Session, source: Readable | undefined, offset: number): Promise<Session> => {
    if (!source) return session;
    const key = `uploads/${session.workspaceId}/${session.id}/${offset}-${randomBytes(6).toString('hex')}`;
    // Row before blob: whatever happens from here, the sweep finds this part.
    await db.insert(resumableUploadParts).values({ key, uploadId: session.id, start: offset });
    const incoming = receiveBody(source, session.uploadLength - offset);
    let settled!: () => void;
    const flight: InFlight = { stop: incoming.stop, done: new Promise<void>((resolve) => (settled = resolve)) };
    inFlight.get(session.id)?.stop();
    inFlight.set(session.id, flight);
    // While bytes arrive, the row says so (for every process): never stale, never expired, in the middle of a PATCH.
    // Only an upload still receiving at this offset and not yet expired (or given way) is touched: nothing comes back.
    let touchedAt = 0;
    const touch = setInterval(() => {
      if (incoming.received === touchedAt) return; // a connection that sends nothing keeps nothing alive
      touchedAt = incoming.received;
      const at = now();
      void db
        .update(resumableUploads)
        .set({ updatedAt: at, expiresAt: new Date(at.getTime() + RESUMABLE_UPLOAD_TTL_MS) })
        .where(and(eq(resumableUploads.id, session.id), eq(resumableUploads.status, 'receiving'), eq(resumableUploads.uploadOffset, offset), gt(resumableUploads.expiresAt, at)))
        .catch(() => {}); // tried again at the next tick, well within the hour
    }, receiveTiming.touchEveryMs);
    touch.unref();
    try {
      let fileKind = session.fileKind;
      let size: number;
      try {
        let body: Readable = incoming.stream;
        if (!fileKind && offset === 0) {
          // Recognised while it streams, as the multipart path does: a file of no accepted kind stores nothing.
          const { head, body: whole } = await readHead(body, kinds.headBytes);
          body = whole;
          if (head.length >= kinds.headBytes || head.length === session.uploadLength) {
            try {
              fileKind = (await recogniseFile(kinds, head, undefined)).kind;
            } catch (err) {
              await removeUpload(db, blobs, session.id);
              throw err;
            }
          }
        }
        ({ size } = await blobs.put(key, body));
      } catch (err) {
        // Let the rest of the request drain, so the client reads the answer.
        incoming.drain();
        await removePart(db, blobs, key);
        throw incoming.overflow ? new AppError('BAD_REQUEST', 'The request sends more bytes than the upload has left (Upload-Length)') : err;
      }
      if (size === 0) {
        await removePart(db, blobs, key);
        return session;
      }
      const committed = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(resumableUploads)
          .set({
            uploadOffset: sql`${resumableUploads.uploadOffset} + ${size}`,
            ...(fileKind ? { fileKind } : {}),
            expiresAt: new Date(now().getTime() + RESUMABLE_UPLOAD_TTL_MS),
          })
          .where(and(eq(resumableUploads.id, session.id), eq(resumableUploads.status, 'receiving'), eq(resumableUploads.uploadOffset, offset)))
          .returning();
        if (row) await tx.update(resumableUploadParts).set({ size }).where(eq(resumableUploadParts.key, key));
        return row;
      });
      if (!committed) {
        await removePart(db, blobs, key);
        throw new AppError('CONFLICT', 'The upload moved on meanwhile: ask for its offset (HEAD) and continue from there');
      }
      return committed;
    } finally {
      clearInterval(touch);
      if (inFlight.get(session.id) === flight) inFlight.delete(session.id);
      settled();
    }
  };

  /** Recognises a file whose first PATCH was cut before its first bytes were in, once they are. */
  const recogniseLate = async (session: Session): Promise<Session> => {
    if (session.fileKind || (session.uploadOffset < kinds.headBytes && session.uploadOffset < session.uploadLength)) return session;
    let fileKind: string;
    try {
      fileKind = (await recogniseFile(kinds, await storedHead(session.id), undefined)).kind;
    } catch (err) {
      await removeUpload(db, blobs, session.id);
      throw err;
    }
    await db.update(resumableUploads).set({ fileKind }).where(eq(resumableUploads.id, session.id));
    return { ...session, fileKind };
  };

  /**
   * The lease of the request that claimed `session` (its `lockedUntil`), renewed every `renewEveryMs` until `stop`.
   * Every write of the upload's row while finishing is conditional on the lease being the one this request last wrote
   * (the value of lockedUntil is the fencing token): once another request has taken the upload over, none lands.
   * The writes go one after another, so a renewal never moves the token under a write in flight.
   */
  const holdLease = (session: Session): Lease => {
    let until = session.lockedUntil!;
    let lost = false;
    let queue: Promise<unknown> = Promise.resolve();
    const fenced = <T>(write: (held: SQL) => Promise<T>): Promise<T> => {
      const next = queue.then(() => write(and(eq(resumableUploads.id, session.id), eq(resumableUploads.status, 'finishing'), eq(resumableUploads.lockedUntil, until))!));
      queue = next.catch(() => {});
      return next;
    };
    const renew = async (also: Partial<Pick<Session, 'resultId'>> = {}) => {
      await fenced(async (held) => {
        if (lost) return;
        const next = new Date(now().getTime() + finishTiming.leaseMs);
        const [row] = await db
          .update(resumableUploads)
          .set({ lockedUntil: next, ...also })
          .where(held)
          .returning({ id: resumableUploads.id });
        if (row) until = next;
        else lost = true;
      });
      if (lost) throw new LeaseLost();
    };
    // A renewal that fails (the database unreachable for a moment) is tried again at the next tick, well within the lease.
    const timer = setInterval(() => void renew().catch(() => {}), finishTiming.renewEveryMs);
    timer.unref();
    return { fenced, renew, stop: () => clearInterval(timer) };
  };

  /** Makes the feature's row from the complete upload, once: answers what was made (its id). */
  const finish = async (id: string, actor: WorkspaceActor): Promise<string> => {
    let giveUpAt = Date.now() + finishTiming.waitMs;
    for (;;) {
      const [claimed] = await db
        .update(resumableUploads)
        .set({ status: 'finishing', lockedUntil: new Date(now().getTime() + finishTiming.leaseMs) })
        .where(
          and(
            eq(resumableUploads.id, id),
            eq(resumableUploads.uploadOffset, resumableUploads.uploadLength),
            or(eq(resumableUploads.status, 'receiving'), and(eq(resumableUploads.status, 'finishing'), lt(resumableUploads.lockedUntil, now()))),
          ),
        )
        .returning();
      if (claimed) {
        const lease = holdLease(claimed);
        try {
          return await finishClaimed(claimed, actor, lease);
        } catch (err) {
          if (!(err instanceof LeaseLost)) throw err;
          // Taken over while this request stalled: the other request's answer is this one's too.
          giveUpAt = Date.now() + finishTiming.waitMs;
        } finally {
          lease.stop();
        }
      }
      const [current] = await db.select().from(resumableUploads).where(eq(resumableUploads.id, id));
      if (!current) throw new AppError('NOT_FOUND', UPLOAD_NOT_FOUND);
      if (current.status === 'finished' && current.resultId) return current.resultId;
      if (Date.now() >= giveUpAt) throw new AppError('LOCKED', 'The upload is being finished: ask again in a moment');
      await sleep(200);
    }
  };

  const finishClaimed = async (session: Session, actor: WorkspaceActor, lease: Lease): Promise<string> => {
    const steps = stepsFor(actor);
    const fields: UploadFields = { ...session.fields };
    /** The upload is finished with `resultId`; its parts go (unless another request took it over: then they are its). */
    const finished = async (resultId: string) => {
      const [done] = await lease.fenced((held) =>
        db.update(resumableUploads).set({ status: 'finished', resultId, lockedUntil: null }).where(held).returning({ id: resumableUploads.id }),
      );
      if (done) await removeParts(db, blobs, session.id);
      // Not done: taken over after the feature's row was finished — the request that took over finds that row and
      // answers it too.
      return resultId;
    };
    try {
      const ready = await recogniseLate(session);
      const file = { kind: ready.fileKind as K, contentType: kinds.types[ready.fileKind as K], fileName: ready.fileName ?? undefined };
      const storedAs = (id: string, storageKey: string): StoredFile<K> => ({ ...file, id, storageKey, size: session.uploadLength });
      // An earlier finish of this upload that was cut short (its process died, its last write failed, it stalled past
      // its lease) left the row it made under the id it wrote here first.
      if (session.resultId) {
        let earlier = await findUploadRow(db, upload.table, session.resultId);
        // Cut between its row and the feature's finish: this request holds the upload now, so that row and its blob go
        // and the file is stored again — unless that finisher, still running, finishes the row first: then it stays.
        if (earlier?.status === 'uploading' && !(await discardUnfinished(db, blobs, upload.table, { id: session.resultId, storageKey: earlier.storageKey }))) {
          earlier = await findUploadRow(db, upload.table, session.resultId);
        }
        if (earlier && earlier.status !== 'uploading') {
          // Finished: that is the answer, never a second row. Announced again in case the cut came before it (once per item).
          await announceStored(upload, actor, storedAs(session.resultId, earlier.storageKey ?? `${upload.keyPrefix}/${session.workspaceId}/${session.resultId}`), fields);
          return await finished(session.resultId);
        }
      }
      const before = await steps.beforeFile?.({ ...fields });
      if (before) {
        // A repeat of an upload already stored (a recording's upload_key): the stored one is the answer.
        return await finished(idOf(before.existing));
      }
      const parts = await committedParts(db, session.id);
      assertWhole(parts, session.uploadLength);
      // The row's id is written here before the row is made (and the lease renewed with it), so whatever cuts this
      // finish short, the next one finds the row.
      const id = randomUUID();
      await lease.renew({ resultId: id });
      const stored = await storeRecognised(upload, session.workspaceId, file, partsStream(blobs, parts), fields, steps, id);
      try {
        await lease.renew();
      } catch (err) {
        // Taken over while the blob was written: the row, never finished, is this request's to remove (the one that
        // took over chose another id), and so is the blob when that one removed the row before the blob was complete.
        if (err instanceof LeaseLost) await discardUnfinished(db, blobs, upload.table, stored);
        throw err;
      }
      await finishStored(upload, actor, stored, fields, steps);
      return await finished(stored.id);
    } catch (err) {
      if (err instanceof LeaseLost) throw err;
      // Nothing is undone unless this request still holds the upload (the refusal may be a row discarded by the request
      // that took over).
      try {
        await lease.renew();
      } catch (renewal) {
        throw renewal instanceof LeaseLost ? renewal : err;
      }
      const refused = err instanceof AppError && err.status < 500 && !['CONFLICT', 'LOCKED', 'RATE_LIMITED'].includes(err.code);
      if (refused) {
        // Refused for good (a field the feature does not accept, a job gone, …): the upload ends here.
        await removeUpload(db, blobs, session.id);
        throw err;
      }
      // Anything else may pass: the bytes stay and the next HEAD (or PATCH's retry) finishes it.
      await lease.fenced((held) => db.update(resumableUploads).set({ status: 'receiving', lockedUntil: null }).where(held));
      if (err instanceof AppError && err.code === 'CONFLICT') throw new AppError('LOCKED', err.message);
      throw err;
    }
  };

  /** After bytes: finish the upload when they were its last. */
  const answerProgress = async (reply: FastifyReply, session: Session, actor: WorkspaceActor) => {
    const ready = await recogniseLate(session);
    if (ready.uploadOffset === ready.uploadLength) {
      const resultId = await finish(ready.id, actor);
      return progressHeaders(reply, { ...ready, status: 'finished', resultId });
    }
    return progressHeaders(reply, ready);
  };

  route(app, endpoints.create, async ({ actor, req, reply }) => {
    const length = headerInteger(req, 'upload-length');
    if (length === undefined) {
      if (req.headers['upload-defer-length'] !== undefined) throw new AppError('BAD_REQUEST', 'Upload-Defer-Length is not supported: send Upload-Length');
      throw new AppError('BAD_REQUEST', 'Send the file’s size as Upload-Length');
    }
    if (length > upload.maxBytes) {
      reply.header('tus-max-size', String(upload.maxBytes));
      throw fileTooLargeError(upload.maxBytes);
    }
    const { fileName, fields } = parseMetadata(req.headers['upload-metadata'], upload);
    await upload.limit(actor.userId);
    // The feature's checks of its fields now, before any byte (an answer for an earlier upload is given at the end).
    await stepsFor(actor).beforeFile?.({ ...fields });
    // 'u' first: a blob key's segment starts with a letter or digit (blob-store.ts), base64url may start with - or _.
    const id = `u${randomBytes(24).toString('base64url')}`;
    const expiresAt = new Date(now().getTime() + RESUMABLE_UPLOAD_TTL_MS);
    const evicted = await db.transaction(async (tx) => {
      // One creation per user at a time, so the bounds hold.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`resumable-uploads:${actor.userId}`}, 0))`);
      const pending = await tx
        .select({ id: resumableUploads.id, uploadLength: resumableUploads.uploadLength, updatedAt: resumableUploads.updatedAt })
        .from(resumableUploads)
        .where(and(eq(resumableUploads.userId, actor.userId), ne(resumableUploads.status, 'finished'), gt(resumableUploads.expiresAt, now())))
        .orderBy(asc(resumableUploads.updatedAt));
      let count = pending.length;
      let bytes = pending.reduce((sum, p) => sum + p.uploadLength, 0);
      // Over the bounds, the user's own uploads that have had no bytes for an hour make room, oldest first (an
      // abandoned upload never blocks its owner); fresh ones are never taken, nor one whose PATCH is still receiving
      // (touched every receiveTiming.touchEveryMs while bytes arrive) or being finished (its lease renewals touch it).
      const stale: string[] = [];
      for (const p of pending) {
        if (count < PENDING_UPLOADS_PER_USER && bytes + length <= PENDING_UPLOAD_BYTES_PER_USER) break;
        if (now().getTime() - p.updatedAt.getTime() < STALE_UPLOAD_MS) break;
        stale.push(p.id);
        count--;
        bytes -= p.uploadLength;
      }
      if (count >= PENDING_UPLOADS_PER_USER || bytes + length > PENDING_UPLOAD_BYTES_PER_USER) throw tooMany();
      // Expired at once (no longer counted, 410 to their clients); their parts go right after the commit. Only while
      // still stale: a PATCH of another process may have touched one since it was read (then it stays, and counts).
      const given = stale.length
        ? await tx
            .update(resumableUploads)
            .set({ expiresAt: now() })
            .where(and(inArray(resumableUploads.id, stale), lt(resumableUploads.updatedAt, new Date(now().getTime() - STALE_UPLOAD_MS)), gt(resumableUploads.expiresAt, now())))
            .returning({ id: resumableUploads.id })
        : [];
      if (given.length < stale.length) throw tooMany();
      await tx.insert(resumableUploads).values({ id, userId: actor.userId, workspaceId: actor.workspaceId, kind, uploadLength: length, fileName, fields, expiresAt });
      return given.map((g) => g.id);
    });
    for (const stale of evicted) await removeUpload(db, blobs, stale);
    let [session] = await db.select().from(resumableUploads).where(eq(resumableUploads.id, id));
    // creation-with-upload: the first bytes may come with the creation.
    const body = bodies.get(req);
    if (body) session = await appendBytes(session!, body, 0);
    reply.header('location', endpointPath(endpoints.append.path, { id })).header('tus-extension', TUS_EXTENSIONS);
    await answerProgress(reply, session!, actor);
    return reply.status(201).send();
  });

  route(app, endpoints.offset, async ({ actor, params, reply }) => {
    await findOwn(actor, params.id);
    await settle(params.id);
    const session = await findOwn(actor, params.id);
    reply.header('cache-control', 'no-store');
    // All bytes in but not finished (the finish failed for a reason that may pass, or its answer was lost): now.
    if (session.status !== 'finished' && session.uploadOffset === session.uploadLength) await answerProgress(reply, session, actor);
    else progressHeaders(reply, session);
    return reply.status(200).send();
  });

  route(app, endpoints.append, async ({ actor, params, req, reply }) => {
    if (!String(req.headers['content-type'] ?? '').toLowerCase().startsWith(TUS_CONTENT_TYPE)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the bytes as ${TUS_CONTENT_TYPE}`);
    }
    const offset = headerInteger(req, 'upload-offset');
    if (offset === undefined) throw new AppError('BAD_REQUEST', 'Send Upload-Offset: where these bytes start');
    await findOwn(actor, params.id);
    await settle(params.id);
    const session = await findOwn(actor, params.id);
    if (session.status !== 'receiving' || session.uploadOffset !== offset) {
      reply.header('upload-offset', String(session.uploadOffset));
      throw new AppError('CONFLICT', `The upload has ${session.uploadOffset} bytes, not ${offset}: continue from there`);
    }
    const declared = headerInteger(req, 'content-length');
    if (declared !== undefined && offset + declared > session.uploadLength) throw new AppError('BAD_REQUEST', 'The request sends more bytes than the upload has left (Upload-Length)');
    const after = await appendBytes(session, bodies.get(req), offset);
    await answerProgress(reply, after, actor);
    return reply.status(204).send();
  });

  route(app, endpoints.cancel, async ({ actor, params, reply }) => {
    const own = () =>
      findOwn(actor, params.id).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'GONE') return null;
        throw err;
      });
    await own();
    await settle(params.id);
    const session = await own();
    if (session?.status === 'finishing') throw new AppError('LOCKED', 'The upload is being finished: it can no longer be cancelled');
    // A finished upload's file is the feature's now (delete the document or recording there); only its record goes.
    await removeUpload(db, blobs, params.id);
    return reply.status(204).send();
  });
}

function tooMany(): AppError {
  return new AppError(
    'RATE_LIMITED',
    `Too many unfinished uploads: at most ${PENDING_UPLOADS_PER_USER} files (${PENDING_UPLOAD_BYTES_PER_USER / 1024 ** 3} GB together) may wait to be finished. Let one finish, or try again in an hour.`,
  );
}

/** What an answer for an earlier upload names: its id (JSON text from SQL, or an object). */
function idOf(result: unknown): string {
  const value = typeof result === 'string' ? (JSON.parse(result) as { id?: unknown }) : (result as { id?: unknown } | null);
  if (typeof value?.id !== 'string') throw new Error('The stored upload’s answer has no id');
  return value.id;
}

function headerInteger(req: FastifyRequest, name: string): number | undefined {
  const raw = req.headers[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw.trim())) throw new AppError('BAD_REQUEST', `${name} must be a whole number of bytes`);
  return Number(raw.trim());
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const METADATA_KEY = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * Upload-Metadata (`key base64value,key2 base64value`): `filename` names the file; `filetype` (what the client
 * believes) is ignored — the bytes decide —; every other key is a field of the upload, within the kind's bounds.
 */
function parseMetadata(header: string | string[] | undefined, limits: { fields: number; fieldSize: number }): { fileName: string | null; fields: UploadFields } {
  const fields: UploadFields = Object.create(null) as UploadFields;
  let fileName: string | null = null;
  if (header === undefined || header === '') return { fileName, fields: {} };
  if (typeof header !== 'string') throw new AppError('BAD_REQUEST', 'Send one Upload-Metadata header');
  let count = 0;
  for (const pair of header.split(',')) {
    const [key, encoded, extra] = pair.trim().split(' ');
    if (!key || extra !== undefined || !METADATA_KEY.test(key) || key in Object.prototype) throw new AppError('BAD_REQUEST', 'Upload-Metadata is not valid (key base64value pairs, comma-separated)');
    const value = encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
    if (value.includes('\u0000')) throw fieldError(key, `The field "${key}" contains a NUL character`);
    if (key === 'filename') {
      if (CONTROL_CHARACTERS.test(value)) throw fieldError('file', 'The file name contains a line break or another control character: rename the file and upload it again');
      fileName = value.slice(0, 1000) || null;
    } else if (key !== 'filetype') {
      if (++count > limits.fields) throw new AppError('BAD_REQUEST', `The upload has too many fields (at most ${limits.fields})`);
      if (value.length > limits.fieldSize) throw fieldError(key, `The field "${key}" is too long (at most ${limits.fieldSize} characters)`);
      fields[key] = value;
    }
  }
  return { fileName, fields: { ...fields } };
}

/**
 * A request body passed on as it arrives, at most `limit` bytes (more fails the stream: `overflow`). When the
 * connection drops, or `stop()` is called, the stream ends where it is instead of failing: what arrived is kept.
 */
function receiveBody(source: Readable, limit: number): { stream: PassThrough; stop: () => void; drain: () => void; readonly overflow: boolean; readonly received: number } {
  const stream = new PassThrough();
  let received = 0;
  let ended = false;
  let overflow = false;
  const detach = () => {
    source.off('data', onData);
    source.off('end', onEnd);
    source.off('error', onCut);
    source.off('aborted', onCut);
    source.off('close', onCut);
  };
  const end = () => {
    if (ended) return;
    ended = true;
    detach();
    stream.end();
  };
  const onData = (chunk: Buffer) => {
    if (ended) return;
    if (received + chunk.length > limit) {
      overflow = true;
      ended = true;
      detach();
      stream.destroy(new Error('more bytes than the upload has left'));
      return;
    }
    received += chunk.length;
    if (!stream.write(chunk)) {
      source.pause();
      stream.once('drain', () => source.resume());
    }
  };
  const onEnd = () => end();
  const onCut = () => end();
  source.on('error', () => {}); // a dropped connection is an end here, not a failure
  source.on('data', onData);
  source.once('end', onEnd);
  source.once('error', onCut);
  source.once('aborted', onCut);
  source.once('close', onCut);
  return {
    stream,
    stop: () => {
      end();
      // The connection it came on is dead (or another request took the upload over): close it.
      source.destroy();
    },
    drain: () => {
      end();
      source.resume();
    },
    get overflow() {
      return overflow;
    },
    get received() {
      return received;
    },
  };
}

type Part = { key: string; start: number; size: number };

async function committedParts(db: Db, uploadId: string): Promise<Part[]> {
  const rows = await db
    .select({ key: resumableUploadParts.key, start: resumableUploadParts.start, size: resumableUploadParts.size })
    .from(resumableUploadParts)
    .where(and(eq(resumableUploadParts.uploadId, uploadId), isNotNull(resumableUploadParts.size)))
    .orderBy(asc(resumableUploadParts.start));
  return rows as Part[];
}

/** The committed parts cover the file from 0 to its length without a gap or an overlap. */
function assertWhole(parts: Part[], length: number): void {
  let at = 0;
  for (const part of parts) {
    if (part.start !== at) throw new Error(`Upload parts do not line up at byte ${at}`);
    at += part.size;
  }
  if (at !== length) throw new Error(`Upload parts hold ${at} of ${length} bytes`);
}

/** The parts one after another as one stream, each read from the store as it is needed. */
function partsStream(blobs: BlobStore, parts: Part[]): Readable {
  return Readable.from(
    (async function* () {
      for (const part of parts) {
        const got = await blobs.get(part.key);
        if (!got) throw new Error(`Upload part ${part.key} is missing`);
        yield* got.body as AsyncIterable<Buffer>;
      }
    })(),
    { objectMode: false },
  );
}

async function removePart(db: Db, blobs: BlobStore, key: string): Promise<void> {
  await blobs.delete(key);
  await db.delete(resumableUploadParts).where(eq(resumableUploadParts.key, key));
}

/** Blobs first, then their rows: a failure in between leaves rows the sweep tries again, never a blob no row names. */
async function removeParts(db: Db, blobs: BlobStore, uploadId: string): Promise<void> {
  const parts = await db.select({ key: resumableUploadParts.key }).from(resumableUploadParts).where(eq(resumableUploadParts.uploadId, uploadId));
  for (const { key } of parts) await blobs.delete(key);
  await db.delete(resumableUploadParts).where(eq(resumableUploadParts.uploadId, uploadId));
}

async function removeUpload(db: Db, blobs: BlobStore, id: string): Promise<void> {
  await removeParts(db, blobs, id);
  await db.delete(resumableUploads).where(eq(resumableUploads.id, id));
}

/**
 * The upload sweep's part for resumable uploads (upload-sweep.ts): uploads past their Upload-Expires — unfinished
 * ones with their parts, finished ones' records — are removed. Unexpired ones survive a restart (they resume).
 */
export async function sweepResumableUploads(db: Db, blobs: BlobStore, opts: { now?: Date } = {}): Promise<number> {
  const expired = await db
    .select({ id: resumableUploads.id })
    .from(resumableUploads)
    .where(lte(resumableUploads.expiresAt, opts.now ?? new Date()));
  for (const { id } of expired) await removeUpload(db, blobs, id);
  return expired.length;
}
