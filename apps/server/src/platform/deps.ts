import type { Config } from '../config';
import type { Db } from '../db/client';
import type { BlobStore } from './blob-store';
import type { TokenSigner } from './tokens';

/** What every feature plugin receives from buildApp (style.md habit 4: dependencies are passed in). */
export type FeatureDeps = {
  config: Config;
  db: Db;
  signer: TokenSigner;
  /** Where file contents live (documents; later recordings). */
  blobs: BlobStore;
  /** The clock; tests may pass a fixed one. */
  now: () => Date;
};
