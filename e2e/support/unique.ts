import { randomBytes, randomUUID } from 'node:crypto';

/**
 * Unique test data without the clock (issue 38). A name built from Date.now() shares digits with whatever a test
 * types ("Paged 1764…55… 01" matched a search for "…55" about one run in nine); a random tag of letters cannot
 * contain a typed number, and two workers cannot draw the same one by starting in the same millisecond.
 */
export function uniqueTag(length = 8): string {
  return Array.from(randomBytes(length), (b) => String.fromCharCode(97 + (b % 26))).join('');
}

/** `prefix` and a random tag of letters: "Summit Siding qhzmwkre". */
export function uniqueName(prefix: string): string {
  return `${prefix} ${uniqueTag()}`;
}

/** `count` random digits (for phone numbers and other numeric fields that must not repeat between tests). */
export function uniqueDigits(count: number): string {
  return Array.from(randomBytes(count), (b) => String(b % 10)).join('');
}

/** A unique address per call: tests own their data. */
export function uniqueEmail(prefix = 'crew'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}
