import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

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
      await mkdir(incoming, { recursive: true });
      await mkdir(path.dirname(target), { recursive: true });
      const temp = path.join(incoming, randomUUID());
      try {
        await pipeline(body, createWriteStream(temp, { flags: 'wx' }));
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
