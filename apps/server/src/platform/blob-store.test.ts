import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notPrivate } from '../test/file-modes';
import { startS3Server } from '../test/s3-server';
import { folderBlobStore, parseS3Url, s3BlobStore, type BlobStore } from './blob-store';

const text = async (body: Readable) => Buffer.concat(await body.toArray()).toString('utf8');
/** A stream that gives some bytes, then fails (a dropped upload). */
const failing = () =>
  Readable.from(
    (async function* () {
      yield Buffer.from('first part');
      throw new Error('connection dropped');
    })(),
  );

/** The same behaviour from both implementations. */
function blobStoreContract(name: string, make: () => Promise<{ store: BlobStore; close: () => Promise<void> }>) {
  describe(name, () => {
    let store: BlobStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await make());
    });
    afterAll(() => close());

    it('streams a blob in and out, in ranges, and deletes it', async () => {
      const key = 'documents/ws1/a';
      const big = Buffer.alloc(6 * 1024 * 1024, 'x'); // more than one multipart part
      big.write('START', 0);
      expect(await store.put(key, Readable.from([big.subarray(0, 3_000_000), big.subarray(3_000_000)]), { contentType: 'text/plain' })).toEqual({ size: big.length });
      expect(await store.size(key)).toBe(big.length);
      const whole = await store.get(key);
      expect(whole!.size).toBe(big.length);
      expect(Buffer.concat(await whole!.body.toArray()).equals(big)).toBe(true);
      const part = await store.get(key, { start: 0, end: 4 });
      expect(part!.size).toBe(big.length);
      expect(await text(part!.body)).toBe('START');
      await store.put(key, Readable.from([Buffer.from('replaced')]));
      expect(await text((await store.get(key))!.body)).toBe('replaced');
      await store.delete(key);
      expect(await store.get(key)).toBeNull();
      expect(await store.size(key)).toBeNull();
      await store.delete(key); // a missing blob is not an error
    });

    it('a put whose source fails leaves nothing under the key', async () => {
      await expect(store.put('documents/ws1/broken', failing())).rejects.toThrow('connection dropped');
      expect(await store.size('documents/ws1/broken')).toBeNull();
    });

    it('refuses keys that could leave the store', async () => {
      for (const key of ['../etc/passwd', 'documents/../../x', '/abs', 'a//b', '']) {
        await expect(store.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow('Invalid blob key');
      }
    });
  });
}

blobStoreContract('folder blob store', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'fieldbook-blob-test-'));
  const store = folderBlobStore(root);
  return {
    store,
    close: async () => {
      // Nothing half-written stays in the incoming folder.
      expect(await readdir(path.join(root, '.incoming'))).toEqual([]);
      await rm(root, { recursive: true, force: true });
    },
  };
});

describe('folder blob store on disk', () => {
  it('creates its folders 0700 and its files 0600, as the rest of DATA_DIR', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'fieldbook-blob-modes-'));
    try {
      // DATA_DIR/blobs, neither existing yet (a first start).
      const blobs = path.join(root, 'data', 'blobs');
      const store = folderBlobStore(blobs);
      await store.put('documents/ws1/a', Readable.from([Buffer.from('invoice')]));
      await store.put('recordings/ws1/b', Readable.from([Buffer.from('call')]));
      expect(notPrivate(path.join(root, 'data'))).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

// TEST_S3_URL runs the same suite against another S3-compatible server (its bucket must exist).
blobStoreContract(`S3 blob store (against ${process.env.TEST_S3_URL ? 'TEST_S3_URL' : 'a local S3 server'})`, async () => {
  if (process.env.TEST_S3_URL) return { store: await s3BlobStore(parseS3Url(process.env.TEST_S3_URL)), close: async () => {} };
  const s3 = await startS3Server();
  return { store: await s3BlobStore(parseS3Url(s3.url)), close: s3.close };
});

describe('S3_URL', () => {
  it('names the endpoint, bucket, credentials and region', () => {
    expect(parseS3Url('https://AKIA%2FX:s%40cret@s3.example.com/fieldbook-docs?region=eu-west-1')).toEqual({
      endpoint: 'https://s3.example.com',
      bucket: 'fieldbook-docs',
      region: 'eu-west-1',
      accessKeyId: 'AKIA/X',
      secretAccessKey: 's@cret',
    });
    expect(() => parseS3Url('https://s3.example.com/bucket')).toThrow('S3_URL must look like');
    expect(() => parseS3Url('https://k:s@s3.example.com/')).toThrow('S3_URL must look like');
  });
});
