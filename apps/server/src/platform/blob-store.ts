import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_DIR, PRIVATE_FILE } from './private-files';

/** Part of a blob, both ends inclusive (an HTTP Range). */
export type ByteRange = { start: number; end: number };

/**
 * Where file contents live (documents, later recordings): keys like `documents/{workspace}/{id}`. Bodies are
 * streamed both ways, never held whole in memory. Two implementations: a folder under DATA_DIR (the default) and
 * any S3-compatible store (S3_URL).
 */
export interface BlobStore {
  readonly kind: 'folder' | 's3';
  /** Stores `body` under `key`, replacing any blob there; resolves with the bytes written. A failed put leaves nothing. */
  put(key: string, body: Readable, opts?: { contentType?: string }): Promise<{ size: number }>;
  /** The blob (or the range of it), or null when there is none. */
  get(key: string, range?: ByteRange): Promise<{ body: Readable; size: number } | null>;
  /** The blob's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes the blob; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys are ours, never a user's file name; this keeps any mistake from reaching outside the store's folder. */
export function assertBlobKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) throw new Error(`Invalid blob key: ${key}`);
}

/**
 * Blobs as files under `root`. A put writes to `root/.incoming/<random>` and renames into place when complete, so
 * a crash mid-write never leaves a partial blob under its key; `sweepIncoming` removes what such a crash left.
 */
export function folderBlobStore(root: string): BlobStore & { sweepIncoming(olderThanMs: number): Promise<number> } {
  const incoming = path.join(root, '.incoming');
  const fileOf = (key: string) => {
    assertBlobKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    kind: 'folder',
    async put(key, body) {
      const target = fileOf(key);
      // Private like the rest of DATA_DIR (private-files.ts): folders 0700, files 0600.
      await mkdir(incoming, { recursive: true, mode: PRIVATE_DIR });
      await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR });
      const temp = path.join(incoming, randomUUID());
      try {
        await pipeline(body, createWriteStream(temp, { flags: 'wx', mode: PRIVATE_FILE }));
        const { size } = await stat(temp);
        await rename(temp, target);
        return { size };
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async get(key, range) {
      const file = fileOf(key);
      const size = await statSize(file);
      if (size === null) return null;
      const body = range ? createReadStream(file, { start: range.start, end: range.end }) : createReadStream(file);
      return { body, size };
    },
    size: (key) => statSize(fileOf(key)),
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async sweepIncoming(olderThanMs) {
      let removed = 0;
      const names = await readdir(incoming).catch(() => [] as string[]);
      for (const name of names) {
        const file = path.join(incoming, name);
        const info = await stat(file).catch(() => null);
        if (info && Date.now() - info.mtimeMs > olderThanMs) {
          await rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}

async function statSize(file: string): Promise<number | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? info.size : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** S3_URL parsed: `https://ACCESS_KEY:SECRET@host[:port]/bucket[?region=…]` (path-style addressing). */
export type S3Location = { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

export function parseS3Url(value: string): S3Location {
  const url = new URL(value);
  const bucket = url.pathname.replace(/^\/+|\/+$/g, '');
  if (!/^https?:$/.test(url.protocol) || !bucket || bucket.includes('/') || !url.username || !url.password) {
    throw new Error('S3_URL must look like https://ACCESS_KEY:SECRET@host/bucket');
  }
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket,
    region: url.searchParams.get('region') ?? 'us-east-1',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
}

/**
 * Blobs in any S3-compatible store (AWS S3, MinIO, Ceph, R2…), path-style. A put streams through a multipart
 * upload (@aws-sdk/lib-storage), so neither its length nor the whole body is needed up front; a failed one is
 * aborted, leaving nothing under the key. (Interrupted multipart uploads of a crashed process are the bucket's
 * lifecycle rule's to clean: docs/operations.md.)
 */
export async function s3BlobStore(location: S3Location): Promise<BlobStore> {
  const { S3Client, GetObjectCommand, HeadObjectCommand, DeleteObjectCommand } = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: true,
    credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
  });
  const Bucket = location.bucket;
  const isMissing = (err: unknown) => {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
  };

  return {
    kind: 's3',
    async put(key, body, opts) {
      assertBlobKey(key);
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      // The source's failure (a size limit, a dropped connection) must fail the upload, not end it early.
      body.on('error', (err) => counted.destroy(err));
      body.pipe(counted);
      const upload = new Upload({ client, params: { Bucket, Key: key, Body: counted, ...(opts?.contentType ? { ContentType: opts.contentType } : {}) }, leavePartsOnError: false });
      await upload.done();
      return { size };
    },
    async get(key, range) {
      assertBlobKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
        const total = res.ContentRange ? Number(res.ContentRange.split('/')[1]) : Number(res.ContentLength ?? 0);
        return { body: res.Body as Readable, size: total };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async size(key) {
      assertBlobKey(key);
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return Number(res.ContentLength ?? 0);
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertBlobKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
