import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { TokenSigner } from '../../platform/tokens';

/**
 * Known devices (ADR 0011): a browser that has signed in to an account successfully keeps a signed, httpOnly cookie
 * saying so, and its password sign-ins to that account are limited on a counter of its own — so failures from other
 * addresses (someone locking the account on purpose) do not lock it out, while unknown devices stay limited per
 * account and per address as before.
 *
 * The cookie holds up to KNOWN_DEVICE_MAX_ACCOUNTS entries `<device id>.<issued, s>.<mac>`, joined by '~'; the mac is
 * the signer's HMAC over the account's email, the device id and the time, so an entry proves "this browser signed in
 * to this email" and nothing can be made without a successful sign-in. Nothing is stored on the server.
 */
export const KNOWN_DEVICE_COOKIE = 'fb_known_device';
/** An entry older than this is ignored (and dropped at the next successful sign-in, which writes a fresh one). */
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 90 * 24 * 3600;
/** Accounts one browser is remembered for (a shared office tablet); the oldest gives way. */
export const KNOWN_DEVICE_MAX_ACCOUNTS = 5;

const PURPOSE = 'known-device';
const ENTRY = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

type Entry = { deviceId: string; issuedAt: number; mac: string };

const macOf = (signer: TokenSigner, email: string, deviceId: string, issuedAt: number) => signer.mac(PURPOSE, `${email}\n${deviceId}\n${issuedAt}`);

/** The cookie's value from a Cookie header ('' when absent). */
function cookieValue(header: string | undefined): string {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === KNOWN_DEVICE_COOKIE) return part.slice(eq + 1).trim();
  }
  return '';
}

function entriesOf(header: string | undefined): Entry[] {
  return cookieValue(header)
    .split('~')
    .slice(0, KNOWN_DEVICE_MAX_ACCOUNTS)
    .flatMap((raw) => {
      const m = ENTRY.exec(raw);
      return m ? [{ deviceId: m[1]!, issuedAt: Number(m[2]), mac: m[3]! }] : [];
    });
}

const isFresh = (entry: Entry, nowSeconds: number) => entry.issuedAt <= nowSeconds + 60 && nowSeconds - entry.issuedAt < KNOWN_DEVICE_MAX_AGE_SECONDS;

function isFor(signer: TokenSigner, entry: Entry, email: string): boolean {
  const expected = Buffer.from(macOf(signer, email, entry.deviceId, entry.issuedAt));
  const given = Buffer.from(entry.mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The device id this browser signed in to `email` with (fresh and genuine), or null: an unknown device. */
export function knownDeviceFor(signer: TokenSigner, cookieHeader: string | undefined, email: string, now: Date): string | null {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  return entriesOf(cookieHeader).find((e) => isFresh(e, nowSeconds) && isFor(signer, e, email))?.deviceId ?? null;
}

/**
 * The Set-Cookie value after a successful sign-in to `email`: this account's entry renewed (first), the browser's other
 * fresh entries kept — genuine for some account or not, which is checked when they are used. One device id per browser.
 */
export function rememberDevice(signer: TokenSigner, opts: { cookieHeader: string | undefined; email: string; now: Date; secure: boolean }): string {
  const nowSeconds = Math.floor(opts.now.getTime() / 1000);
  const entries = entriesOf(opts.cookieHeader).filter((e) => isFresh(e, nowSeconds));
  const mine = entries.find((e) => isFor(signer, e, opts.email));
  const deviceId = mine?.deviceId ?? entries[0]?.deviceId ?? randomBytes(16).toString('base64url');
  const fresh: Entry = { deviceId, issuedAt: nowSeconds, mac: macOf(signer, opts.email, deviceId, nowSeconds) };
  const kept = [fresh, ...entries.filter((e) => e !== mine)].slice(0, KNOWN_DEVICE_MAX_ACCOUNTS);
  const value = kept.map((e) => `${e.deviceId}.${e.issuedAt}.${e.mac}`).join('~');
  // Path /auth/v1: only the sign-in reads it. SameSite=Strict: only the app's own pages send it.
  return `${KNOWN_DEVICE_COOKIE}=${value}; Path=/auth/v1; Max-Age=${KNOWN_DEVICE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${opts.secure ? '; Secure' : ''}`;
}
