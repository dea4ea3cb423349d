import { WORK_REQUEST_POW_EXPIRED, WORK_REQUEST_POW_INVALID, WORK_REQUEST_POW_USED, type WorkRequestChallenge } from '@fieldbook/contract';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError, fieldError } from '../../platform/errors';
import type { TokenSigner } from '../../platform/tokens';
import { workRequestChallenges } from './work-requests.schema';

/**
 * Proof of work for the public form, no third-party service: the server hands out a signed challenge
 * (`<workspace>.<expiry>.<difficulty>.<random>.<mac>`), the browser searches a nonce with Web Crypto until
 * SHA-256(`<challenge>:<nonce>`) starts with `difficulty` zero bits (2^difficulty hashes on average: about a second on a
 * phone), and the server checks it with one hash. Nothing is stored for a challenge handed out; a spent one is stored
 * until it expires, so each is accepted once. The server's work per submission is bounded: a regex, a MAC, one hash,
 * one insert.
 */
export const POW_DIFFICULTY = 16;
export const POW_TTL_MS = 10 * 60_000;
const PURPOSE = 'work-request-pow';
const CHALLENGE = /^([0-9a-f-]{36})\.(\d{1,12})\.(\d{1,2})\.([0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/;

export function issueChallenge(signer: TokenSigner, workspaceId: string, now: Date, difficulty = POW_DIFFICULTY): WorkRequestChallenge {
  const expires = Math.floor((now.getTime() + POW_TTL_MS) / 1000);
  const data = `${workspaceId}.${expires}.${difficulty}.${randomBytes(16).toString('hex')}`;
  return { challenge: `${data}.${signer.mac(PURPOSE, data)}`, difficulty, expires_at: new Date(expires * 1000).toISOString() };
}

/** Leading zero bits of a digest. */
export function leadingZeroBits(digest: Buffer): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** The search the browser does (apps/web work-requests lib/proof-of-work.ts), for tests and tools. */
export function solveChallenge(challenge: string, difficulty: number): string {
  for (let n = 0; ; n++) {
    const nonce = n.toString(36);
    if (leadingZeroBits(createHash('sha256').update(`${challenge}:${nonce}`).digest()) >= difficulty) return nonce;
  }
}

/**
 * Checks a challenge for this workspace and its nonce, then spends it: 400 for a forged, another workspace's, too easy
 * or unsolved one, 400 once expired, 409 when it was already used.
 */
export async function spendChallenge(opts: { db: Db; signer: TokenSigner; workspaceId: string; challenge: string; nonce: string; now: Date }): Promise<void> {
  const m = CHALLENGE.exec(opts.challenge);
  const invalid = () => fieldError('challenge', WORK_REQUEST_POW_INVALID);
  if (!m) throw invalid();
  const [, workspaceId, expires, difficulty, , mac] = m as unknown as [string, string, string, string, string, string];
  const data = opts.challenge.slice(0, opts.challenge.length - mac.length - 1);
  const expected = Buffer.from(opts.signer.mac(PURPOSE, data));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  if (workspaceId !== opts.workspaceId || Number(difficulty) < POW_DIFFICULTY) throw invalid();
  const expiresAt = new Date(Number(expires) * 1000);
  if (expiresAt.getTime() <= opts.now.getTime()) throw fieldError('challenge', WORK_REQUEST_POW_EXPIRED);
  if (leadingZeroBits(createHash('sha256').update(`${opts.challenge}:${opts.nonce}`).digest()) < Number(difficulty)) throw invalid();
  const key = createHash('sha256').update(opts.challenge).digest('hex');
  // Spent ones past their time can go: an expired challenge is refused before this point.
  await opts.db.delete(workRequestChallenges).where(lt(workRequestChallenges.expiresAt, opts.now));
  const spent = await opts.db.insert(workRequestChallenges).values({ key, expiresAt }).onConflictDoNothing().returning({ key: workRequestChallenges.key });
  if (spent.length === 0) throw new AppError('CONFLICT', WORK_REQUEST_POW_USED);
}
