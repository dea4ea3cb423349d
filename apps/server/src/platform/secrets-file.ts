import { readFileSync } from 'node:fs';
import path from 'node:path';
import { makePrivateDir, writePrivateFile } from './private-files';

/**
 * DATA_DIR/secrets.json: the secrets a server without them configured generates on first start and keeps (the JWT
 * secret, the key Drive tokens are sealed with; main.ts). Mode 0600 in a 0700 DATA_DIR (private-files.ts), also when
 * the file was there before (a restore of an older backup, an older version).
 */
export type StoredSecrets = { jwtSecret?: string; driveTokenKey?: string };

export const SECRETS_FILE = 'secrets.json';

/** What DATA_DIR/secrets.json holds; nothing when there is no such file (or it cannot be read). */
export function readSecretsFile(dataDir: string): StoredSecrets {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, SECRETS_FILE), 'utf8')) as StoredSecrets;
  } catch {
    return {};
  }
}

/** The secret `name` kept in DATA_DIR/secrets.json: the one there, else `candidate`, stored beside the others. */
export function keepSecret(dataDir: string, name: keyof StoredSecrets, candidate: string): string {
  const secrets = readSecretsFile(dataDir);
  const existing = secrets[name];
  if (existing) return existing;
  makePrivateDir(dataDir);
  writePrivateFile(path.join(dataDir, SECRETS_FILE), JSON.stringify({ ...secrets, [name]: candidate }));
  return candidate;
}
