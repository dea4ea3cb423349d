import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';
import { validationFailed, weakPassword } from './auth.errors';

/** The specification's floor (spec 000 §9); the UI enforces the same. */
export const MIN_PASSWORD_LENGTH = 6;
/** argon2 cost grows with the input; a long cap still admits every password manager. */
const MAX_PASSWORD_LENGTH = 1024;

// argon2id with OWASP's minimum (19 MiB, 2 passes). `2` is Algorithm.Argon2id: the package exports a
// const enum, which isolatedModules cannot import as a value.
const ARGON2: Options = { algorithm: 2 as NonNullable<Options['algorithm']>, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** Runs on the libuv thread pool (async), so a sign-in never blocks the event loop. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A row without a usable hash (e.g. a placeholder) never matches.
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Unknown emails still pay for one argon2 verification, so the answer time does not tell
 * whether an account exists (design.md §11 "uniform login errors").
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
}

/** GoTrue's password checks: present, at least the minimum length (weak_password), bounded. */
export function assertAcceptablePassword(password: string | undefined | null, missingMessage: string): string {
  if (!password) throw validationFailed(missingMessage, 422);
  if (password.length < MIN_PASSWORD_LENGTH) throw weakPassword(MIN_PASSWORD_LENGTH);
  if (password.length > MAX_PASSWORD_LENGTH) throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`, 422);
  return password;
}
