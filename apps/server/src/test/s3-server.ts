import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3-API server on loopback for tests (s3rver: S3's REST protocol over HTTP, objects on disk), with one
 * bucket. ADR 0007 says why this one. Returns the S3_URL the product's S3 blob store takes.
 */
export async function startS3Server(bucket = 'fieldbook-test'): Promise<{ url: string; close: () => Promise<void> }> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'fieldbook-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = (await server.run()) as AddressInfo;
  return {
    // s3rver accepts its fixed development credentials.
    url: `http://S3RVER:S3RVER@127.0.0.1:${address.port}/${bucket}`,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
