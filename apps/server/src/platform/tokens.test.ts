import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { createTokenSigner, verifyHs256 } from './tokens';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const ISSUER = 'http://localhost:3000/auth/v1';
const key = Buffer.from(SECRET, 'utf8');
const now = Math.floor(Date.now() / 1000);
const base = { sub: '00000000-0000-4000-8000-000000000001', session_id: '00000000-0000-4000-8000-000000000002', aud: 'authenticated', iss: ISSUER, exp: now + 60 };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token signed with `secret` over any header and payload (what an attacker or another service could send). */
function forge(header: unknown, payload: unknown, secret: Buffer = key): string {
  const signingInput = `${b64(header)}.${b64(payload)}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
}
const verify = (token: string) => verifyHs256(token, { secret: key, issuer: ISSUER, nowSeconds: now });

describe('verifyHs256', () => {
  it('accepts the tokens the signer issues, with their claims', async () => {
    const signer = createTokenSigner(SECRET, ISSUER);
    const { token } = await signer.sign(
      { sub: base.sub, email: 'a@b.c', phone: '', session_id: base.session_id, aal: 'aal1', amr: [], app_metadata: {}, user_metadata: {}, is_anonymous: false },
      new Date(),
    );
    expect(await signer.verify(token)).toMatchObject({ sub: base.sub, session_id: base.session_id, email: 'a@b.c', aud: 'authenticated' });
  });

  it('accepts a token jose signs with the same key (same format as before)', async () => {
    const token = await new SignJWT({ session_id: base.session_id }).setProtectedHeader({ alg: 'HS256' }).setSubject(base.sub)
      .setIssuer(ISSUER).setAudience('authenticated').setExpirationTime(now + 60).sign(key);
    expect(verify(token)?.sub).toBe(base.sub);
  });

  it.each([
    ['another secret', forge({ alg: 'HS256' }, base, Buffer.from('another-secret-another-secret-another-0'))],
    ['alg none', `${b64({ alg: 'none' })}.${b64(base)}.`],
    ['another alg header with a valid HMAC', forge({ alg: 'HS512' }, base)],
    ['a crit header', forge({ alg: 'HS256', crit: ['exp'] }, base)],
    ['an expired token', forge({ alg: 'HS256' }, { ...base, exp: now })],
    ['no exp', forge({ alg: 'HS256' }, { ...base, exp: undefined })],
    ['not yet valid', forge({ alg: 'HS256' }, { ...base, nbf: now + 10 })],
    ['another issuer', forge({ alg: 'HS256' }, { ...base, iss: 'https://evil.example/auth/v1' })],
    ['another audience', forge({ alg: 'HS256' }, { ...base, aud: 'service_role' })],
    ['no session id', forge({ alg: 'HS256' }, { ...base, session_id: undefined })],
    ['a payload that is not an object', forge({ alg: 'HS256' }, 'text')],
    ['two parts', `${b64({ alg: 'HS256' })}.${b64(base)}`],
    ['garbage', 'not.a.token'],
    ['empty', ''],
  ])('rejects %s', (_label, token) => {
    expect(verify(token)).toBeNull();
  });

  it('rejects a tampered payload and a non-canonical signature encoding', () => {
    const token = forge({ alg: 'HS256' }, base);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const tampered = `${header}.${b64({ ...base, sub: '00000000-0000-4000-8000-000000000009' })}.${signature}`;
    expect(verify(tampered)).toBeNull();
    // The last base64url character of a 32-byte MAC carries 2 unused bits: flipping them decodes to the same bytes.
    const last = signature.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(last) ^ 1]!;
    expect(Buffer.from(signature.slice(0, -1) + sibling, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
    expect(verify(`${header}.${payload}.${signature.slice(0, -1)}${sibling}`)).toBeNull();
    expect(verify(token)?.sub).toBe(base.sub);
  });
});

describe('the signer keeps verified tokens', () => {
  const claims = { email: 'a@b.c', phone: '', aal: 'aal1' as const, amr: [], app_metadata: {}, user_metadata: {}, is_anonymous: false };

  it('answers a token again from what it kept, and refuses it once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-28T12:00:00Z'));
      const signer = createTokenSigner(SECRET, ISSUER);
      const { token, expiresAt } = await signer.sign({ sub: base.sub, session_id: base.session_id, ...claims }, new Date());
      expect((await signer.verify(token))?.sub).toBe(base.sub);
      expect((await signer.verify(token))?.sub).toBe(base.sub);
      vi.setSystemTime(new Date(expiresAt * 1000));
      expect(await signer.verify(token)).toBeNull();
      expect(await signer.verify(token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('never lets a token differing from a kept one by its signature through', async () => {
    const signer = createTokenSigner(SECRET, ISSUER);
    const { token } = await signer.sign({ sub: base.sub, session_id: base.session_id, ...claims }, new Date());
    expect(await signer.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const other = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
    expect(await signer.verify(other)).toBeNull();
    expect(await createTokenSigner('another-secret-another-secret-another-0', ISSUER).verify(token)).toBeNull();
  });

  it("never answers from memory for another payload under a kept token's signature (the memory is keyed by signatures)", async () => {
    const signer = createTokenSigner(SECRET, ISSUER);
    const { token } = await signer.sign({ sub: base.sub, session_id: base.session_id, ...claims }, new Date());
    expect(await signer.verify(token)).not.toBeNull();
    const [header, , signature] = token.split('.') as [string, string, string];
    // Someone else's user and session under the kept token's signature: not known, and verifying it fails.
    const otherPayload = b64({ ...base, sub: '00000000-0000-4000-8000-000000000009', session_id: '00000000-0000-4000-8000-000000000008', ...claims, role: 'authenticated', iat: now });
    const swapped = `${header}.${otherPayload}.${signature}`;
    expect(signer.verified?.(swapped)).toBeUndefined();
    expect(await signer.verify(swapped)).toBeNull();
    // The kept token is still answered from memory.
    expect(signer.verified?.(token)?.sub).toBe(base.sub);
  });
});
