import { describe, expect, it } from 'vitest';
import { leadingZeroBits, solveChallenge } from './proof-of-work';

describe('proof of work', () => {
  it('counts leading zero bits', () => {
    expect(leadingZeroBits(new Uint8Array([0, 0, 0x80]))).toBe(16);
    expect(leadingZeroBits(new Uint8Array([0, 0x0f]))).toBe(12);
    expect(leadingZeroBits(new Uint8Array([0xff]))).toBe(0);
  });

  it('finds a nonce whose SHA-256 with the challenge reaches the difficulty', async () => {
    const challenge = 'ws.1893456000.10.0123456789abcdef0123456789abcdef.mac';
    const nonce = await solveChallenge(challenge, 10);
    expect(nonce).toMatch(/^[0-9a-z]+$/);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${challenge}:${nonce}`)));
    expect(leadingZeroBits(digest)).toBeGreaterThanOrEqual(10);
  });

  it('stops when the form is left', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(solveChallenge('x', 30, controller.signal)).rejects.toThrow();
  });
});
