/**
 * The browser's half of the public form's proof of work (the server's: features/work-requests/proof-of-work.ts): the
 * first nonce — lower-case base 36, counting up — for which SHA-256(`<challenge>:<nonce>`) starts with `difficulty`
 * zero bits, found with Web Crypto. Digests are asked for in batches: one at a time, each waits its turn on the crypto
 * thread, and a batch keeps it busy.
 */
const BATCH = 256;

export function leadingZeroBits(digest: Uint8Array): number {
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

export async function solveChallenge(challenge: string, difficulty: number, signal?: AbortSignal): Promise<string> {
  const encoder = new TextEncoder();
  for (let start = 0; ; start += BATCH) {
    signal?.throwIfAborted();
    const nonces = Array.from({ length: BATCH }, (_, i) => (start + i).toString(36));
    const digests = await Promise.all(nonces.map((nonce) => crypto.subtle.digest('SHA-256', encoder.encode(`${challenge}:${nonce}`))));
    // The first in order, as the server's own search finds it: any that reaches the difficulty is accepted.
    const found = digests.findIndex((d) => leadingZeroBits(new Uint8Array(d)) >= difficulty);
    if (found >= 0) return nonces[found]!;
  }
}
