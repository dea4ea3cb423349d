import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Google tokens at rest: AES-256-GCM under a key derived from the server's drive token key (DRIVE_TOKEN_KEY, or one
 * kept like the JWT secret — main.ts). The stored text is `v1.<iv>.<tag>.<ciphertext>` (base64url); a token written
 * under another key, or altered, fails to open instead of giving garbage.
 */
export type TokenBox = { seal: (plain: string) => string; open: (sealed: string) => string };

export function tokenBox(secret: string): TokenBox {
  const key = createHash('sha256').update(`fieldbook drive tokens\0${secret}`).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Not a sealed token');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
