/**
 * Pure display rules shared by server and web (spec 001 §5): client-name clean-up and phone-to-contact matching.
 * No I/O here: callers pass the caller's own contacts.
 */

import { digitsOnly } from './rules';

/** (xxx) xxx-xxxx while typing, at most 10 digits (spec 001 §5). */
export function formatPhoneInput(value: string): string {
  const d = digitsOnly(value).slice(0, 10);
  if (d.length <= 3) return d.length ? `(${d}` : '';
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/**
 * The keys a phone may be stored under: the raw value, digits only, and with a +1 prefix (spec 001 §5),
 * plus the 10-digit national form when the value carries a leading country code 1.
 */
export function phoneMatchKeys(raw: string): string[] {
  const trimmed = raw.trim();
  const digits = digitsOnly(trimmed);
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  const keys = [trimmed, digits, national, `+1${national}`, `1${national}`];
  return [...new Set(keys.filter((k) => k.length > 0))];
}

export type PhoneContact = { name: string; phone_number: string };

/** Finds the contact whose phone matches `phone` by raw value, digits only or +1 prefix; null when none. */
export function findContactByPhone<T extends PhoneContact>(phone: string | null | undefined, contacts: readonly T[]): T | null {
  if (!phone) return null;
  const wanted = new Set(phoneMatchKeys(phone));
  for (const contact of contacts) {
    if (phoneMatchKeys(contact.phone_number).some((k) => wanted.has(k))) return contact;
  }
  return null;
}

/** A lookup built once for many rows (the tasks page maps thousands of assignees). */
export function buildPhoneIndex<T extends PhoneContact>(contacts: readonly T[]): Map<string, T> {
  const index = new Map<string, T>();
  for (const contact of contacts) {
    for (const key of phoneMatchKeys(contact.phone_number)) if (!index.has(key)) index.set(key, contact);
  }
  return index;
}

export function lookupPhone<T>(phone: string | null | undefined, index: ReadonlyMap<string, T>): T | null {
  if (!phone) return null;
  for (const key of phoneMatchKeys(phone)) {
    const hit = index.get(key);
    if (hit) return hit;
  }
  return null;
}

export const UNNAMED_CLIENT = 'Unnamed Client';

const FILE_NAME = /\.[a-z0-9]{2,5}$/i;
/**
 * The document words as whole words (a plural 's' allowed): "Inspection Report", "signed contract", "Invoice_42"
 * and "ESTIMATE v2" are documents; "Contractors Inc" and "Subcontract Co" stay names. Letters on either side make
 * it part of another word; digits, '_' and punctuation do not.
 */
const DOCUMENT_WORDS = /(^|[^a-z])(report|contract|invoice|estimate)s?([^a-z]|$)/i;
/** Mostly phone characters with 7–15 digits: "+1 (555) 123-4567", "5551234567". */
const PHONE_LIKE = /^\+?[\d\s().-]+$/;

export function isPhoneLike(value: string): boolean {
  // The pattern first: a name fails it at its first letter, before its digits are copied out.
  if (!PHONE_LIKE.test(value.trim())) return false;
  const d = digitsOnly(value);
  return d.length >= 7 && d.length <= 15;
}

/**
 * Client-name clean-up (spec 001 §5): names that look like file names or contain report, contract, invoice,
 * estimate become 'Unnamed Client'; phone-like names resolve through the caller's contacts, else 'Client ({number})'.
 * Empty names are 'Unnamed Client' too.
 */
export function cleanClientName(name: string | null | undefined, contacts: readonly PhoneContact[] = []): string {
  const value = (name ?? '').trim();
  if (!value) return UNNAMED_CLIENT;
  if (isPhoneLike(value)) {
    const contact = findContactByPhone(value, contacts);
    return contact ? contact.name : `Client (${value})`;
  }
  if (FILE_NAME.test(value) || DOCUMENT_WORDS.test(value)) return UNNAMED_CLIENT;
  return value;
}

/** Metadata may carry a client name under these keys (spec 001 §3), in this order. */
export const METADATA_CLIENT_NAME_KEYS = ['client_name', 'clientName', 'customer_name', 'customerName', 'name'] as const;

/** The job's client name: the column, else a name from metadata; then the clean-up rule. */
export function jobClientName(
  job: { client_name: string | null; metadata?: Record<string, unknown> | null },
  contacts: readonly PhoneContact[] = [],
): string {
  let name = job.client_name;
  if (!name?.trim() && job.metadata) {
    for (const key of METADATA_CLIENT_NAME_KEYS) {
      const v = job.metadata[key];
      if (typeof v === 'string' && v.trim()) {
        name = v;
        break;
      }
    }
  }
  return cleanClientName(name, contacts);
}
