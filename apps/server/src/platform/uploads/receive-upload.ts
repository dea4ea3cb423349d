import type { ResumableUploadEndpoints } from '@fieldbook/contract';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireWorkspace, type Actor } from '../auth-guard';
import type { WorkspaceActor } from '../endpoint';
import type { FeatureDeps } from '../deps';
import { AppError, fieldError } from '../errors';
import { registerUploads, uploadError } from '../multipart-upload';
import { userRateLimits } from '../rate-limit';
import { discardUpload, finishStored, recogniseFile, storeRecognised, type RecognisedFile, type StoredFile, type UploadFields, type UploadKind, type UploadSteps } from './lifecycle';
import { registerResumableUpload } from './resumable';
import { readHead } from './stream-head';

export type UploadEndpoint<K extends string> = {
  /** Reads the request's one upload through the steps: `existing` when beforeFile answered for an earlier one. */
  receive: <R>(req: FastifyRequest, actor: Actor, steps: UploadSteps<K, R>) => Promise<{ result: R; existing: boolean }>;
  /**
   * The same upload, resumable (tus 1.0, resumable.ts): registers the kind's four endpoints in this scope. A finished
   * upload runs `steps(actor)` exactly as a multipart one does.
   */
  resumable: <R>(endpoints: ResumableUploadEndpoints, steps: (actor: WorkspaceActor) => UploadSteps<K, R>) => void;
};

/**
 * What every feature's upload endpoint takes from its deps: the database, the blob store, and the per-user
 * UPLOAD_RATE_LIMIT that all uploads (documents, recordings) share.
 */
export function uploadDeps(deps: FeatureDeps): Pick<UploadKind<string>, 'db' | 'blobs' | 'limit'> {
  return { db: deps.db, blobs: deps.blobs, limit: userRateLimits(deps).upload };
}

/**
 * The one upload path (documents, recordings): a multipart request of one file of at most `maxBytes` — refused with
 * 413 from its Content-Length before a byte is read, cut while streaming otherwise —, the file recognised from its
 * first bytes while it streams, and the lifecycle row → blob → finish: the row is written first ('uploading', its
 * blob key fixed), then the blob; only a finished upload leaves 'uploading'. A refusal or failure at any step
 * removes row and blob; what a crash leaves 'uploading' is removed by sweepUploads. The same kind can also be
 * uploaded resumably (`resumable`, tus: resumable.ts), which ends in the same steps.
 *
 * The caller's rate limit (`limit`) is counted before a byte is stored.
 */
export async function registerUploadEndpoint<K extends string>(
  app: FastifyInstance,
  opts: UploadKind<K> & {
    path: string;
    /** Fields that arrive after the file are refused (they decide where the file goes and must be known first). */
    fieldsBeforeFile: boolean;
    messages: { notMultipart: string; missingFile: string };
  },
): Promise<UploadEndpoint<K>> {
  const { db, blobs, kinds } = opts;
  const uploads = await registerUploads(app, { path: opts.path, maxBytes: opts.maxBytes, fields: opts.fields, fieldSize: opts.fieldSize });

  async function storeFile<R>(actor: Actor, part: { filename: string | undefined; file: Readable }, fields: UploadFields, steps: UploadSteps<K, R>): Promise<StoredFile<K>> {
    const workspaceId = requireWorkspace(actor);
    const { head, body } = await readHead(part.file, kinds.headBytes);
    let file: RecognisedFile<K>;
    try {
      file = await recogniseFile(kinds, head, part.filename);
    } catch (err) {
      body.resume(); // let the rest of the request drain
      throw err;
    }
    try {
      return await storeRecognised(opts, workspaceId, file, body, fields, steps);
    } catch (err) {
      body.resume();
      throw err;
    }
  }

  return {
    async receive<R>(req: FastifyRequest, actor: Actor, steps: UploadSteps<K, R>) {
      if (!uploads.isMultipart(req)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', opts.messages.notMultipart);
      await opts.limit(actor.userId);
      const fields: UploadFields = {};
      let stored: StoredFile<K> | null = null;
      let existing: { existing: R } | null = null;
      try {
        for await (const part of uploads.parts(req)) {
          if (part.type === 'field') {
            if (opts.fieldsBeforeFile && (stored || existing)) throw fieldError(part.fieldname, 'Send the fields before the file');
            fields[part.fieldname] = part.value;
          } else if (part.fieldname !== 'file' || stored || existing) {
            part.file.resume();
            throw fieldError('file', 'Send one file, in the field "file"');
          } else {
            let before: { existing: R } | void;
            try {
              before = await steps.beforeFile?.({ ...fields });
            } catch (err) {
              part.file.resume();
              throw err;
            }
            if (before) {
              part.file.resume();
              existing = before;
            } else {
              stored = await storeFile(actor, part, fields, steps);
            }
          }
        }
      } catch (err) {
        if (stored) await discardUpload(db, blobs, opts.table, stored);
        throw uploadError(err);
      }
      if (existing) return { result: existing.existing, existing: true };
      if (!stored) throw fieldError('file', opts.messages.missingFile);
      return { result: await finishStored(opts, actor, stored, fields, steps), existing: false };
    },
    resumable(endpoints, steps) {
      registerResumableUpload(app, opts, endpoints, steps);
    },
  };
}

