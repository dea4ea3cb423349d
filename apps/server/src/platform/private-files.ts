import { chmodSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What Fieldbook keeps on disk — DATA_DIR (the embedded database, blobs, secrets.json) and backups — is for the account
 * running it alone: directories 0700, files 0600 (docs/operations.md, "File permissions"). The modes are given where
 * each thing is written; main.ts also sets the process umask to 0o077 for whatever else the process or its children
 * create.
 */
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** `dir` (and any missing parent) created 0700; an existing one is set to 0700 too (older versions made it 0755). */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  chmodSync(dir, PRIVATE_DIR);
}

/** Writes `file` with mode 0600, also over an existing file (writeFile's `mode` applies only to a file it creates). */
export function writePrivateFile(file: string, data: string | Uint8Array): void {
  writeFileSync(file, data, { mode: PRIVATE_FILE });
  chmodSync(file, PRIVATE_FILE);
}

/**
 * Every directory under `root` (itself included) 0700 and every file 0600: what an older version left group- or
 * world-readable. Symbolic links are left alone.
 */
export function tightenTree(root: string): void {
  chmodSync(root, PRIVATE_DIR);
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) chmodSync(path.join(entry.parentPath, entry.name), PRIVATE_DIR);
    else if (entry.isFile()) chmodSync(path.join(entry.parentPath, entry.name), PRIVATE_FILE);
  }
}
