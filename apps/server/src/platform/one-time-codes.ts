import { randomInt, timingSafeEqual } from 'node:crypto';
import { hashToken } from './tokens';

/**
 * The one home of one-time codes texted or emailed to prove a person holds a phone or a mailbox: a group invitation's
 * (features/groups/invitations.service.ts) and the client hub's re-confirmation of an old link
 * (features/client-hub). What they share lives here — the code (6 digits from a CSPRNG), its hash (bound to what it
 * opens, so a code for one row proves nothing for another), its lifetime, the wait before another is sent, the
 * wrong tries a code allows and the timing-safe comparison. The state lives on the owner's row (`CodeState`'s four
 * columns), which the owner locks while it reads and writes it: a code is checked and counted under that lock.
 */
export type CodePolicy = {
  /** How long a sent code is good for. */
  ttlMinutes: number;
  /** A code sent less than this ago is not replaced: a double click or a script sends one message. */
  resendSeconds: number;
  /** Wrong tries a code allows; the last allowed one ends it (the owner decides what ending means). */
  maxAttempts: number;
};

/** A code's state as the owner's row keeps it. */
export type CodeState = { codeHash: string | null; codeSentAt: Date | null; codeExpiresAt: Date | null; codeAttempts: number };

/** What to store for a newly sent code (the code itself goes only into the message). */
export type IssuedCode = { code: string; state: CodeState };

const codeHashOf = (scope: string, code: string) => hashToken(`${scope}:${code}`);

/** A new code for `scope` (the id of what it opens): its digits for the message and the state to store. */
export function issueCode(scope: string, policy: CodePolicy, now: Date): IssuedCode {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return {
    code,
    state: { codeHash: codeHashOf(scope, code), codeSentAt: now, codeExpiresAt: new Date(now.getTime() + policy.ttlMinutes * 60_000), codeAttempts: 0 },
  };
}

/** Whether a code sent moments ago is still to be used instead of sending another (the resend wait). */
export function isRecentlySent(state: CodeState, policy: CodePolicy, now: Date): boolean {
  return state.codeHash !== null && state.codeSentAt !== null && state.codeExpiresAt !== null && now.getTime() - state.codeSentAt.getTime() < policy.resendSeconds * 1000;
}

/**
 * Checks `code` against the stored state: 'ok' (the live code), or a refusal with the attempts to store — 'wrong' while
 * tries remain, 'exhausted' at the last allowed one. A wrong or expired code counts the same (nothing tells them apart).
 */
export function checkCode(scope: string, state: CodeState, code: string, policy: CodePolicy, now: Date): { result: 'ok' } | { result: 'wrong' | 'exhausted'; attempts: number } {
  const isLive = state.codeHash !== null && state.codeExpiresAt !== null && state.codeExpiresAt.getTime() > now.getTime();
  if (isLive && safeEqual(state.codeHash!, codeHashOf(scope, code))) return { result: 'ok' };
  const attempts = state.codeAttempts + 1;
  return { result: attempts >= policy.maxAttempts ? 'exhausted' : 'wrong', attempts };
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The state once a code was used or given up: nothing to check any more. */
export const NO_CODE: CodeState = { codeHash: null, codeSentAt: null, codeExpiresAt: null, codeAttempts: 0 };
