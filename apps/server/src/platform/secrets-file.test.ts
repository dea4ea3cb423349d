import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notPrivate } from '../test/file-modes';
import { keepSecret, readSecretsFile } from './secrets-file';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'fieldbook-secrets-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('DATA_DIR/secrets.json', () => {
  it('a first start creates DATA_DIR 0700 and the file 0600, and later starts find the same secret', () => {
    const dataDir = path.join(root, 'data');
    expect(keepSecret(dataDir, 'jwtSecret', 'first')).toBe('first');
    expect(keepSecret(dataDir, 'jwtSecret', 'second')).toBe('first');
    expect(notPrivate(dataDir)).toEqual([]);
  });

  it('a file restored from an older backup (0644) is made 0600 when a secret is added, and keeps the others', () => {
    const file = path.join(root, 'secrets.json');
    writeFileSync(file, JSON.stringify({ jwtSecret: 'restored' }));
    chmodSync(file, 0o644);
    expect(keepSecret(root, 'driveTokenKey', 'drive')).toBe('drive');
    expect(readSecretsFile(root)).toEqual({ jwtSecret: 'restored', driveTokenKey: 'drive' });
    expect(notPrivate(file)).toEqual([]);
  });

  it("a new JWT secret is added beside the Drive key, not over it (JWT_SECRET was set when the key was made)", () => {
    keepSecret(root, 'driveTokenKey', 'drive');
    keepSecret(root, 'jwtSecret', 'jwt');
    expect(JSON.parse(readFileSync(path.join(root, 'secrets.json'), 'utf8'))).toEqual({ driveTokenKey: 'drive', jwtSecret: 'jwt' });
  });
});
