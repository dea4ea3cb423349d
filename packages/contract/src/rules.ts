/**
 * The phone and email rules, written once for the contract's schemas, the server and the web (issue 23).
 * Zod-free on purpose: the signed-out pages (login, sign-up, forgot/reset password) import this module alone
 * (`@fieldbook/contract/rules`), because the package root would bring zod and every schema onto the login route
 * (design.md §11: ≤ 150 kB gzip, checked by bench/web-weight.ts).
 */

/** Digits only: "(555) 123-4567" → "5551234567". */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

/**
 * A US phone number as tasks and contacts store it: 10 digits, formatting and a leading country code 1 stripped
 * ("(555) 123-4567", "+15551234567" → "5551234567"); null when it is not one.
 */
export function nationalPhone(value: string): string | null {
  let d = digitsOnly(value);
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  return d.length === 10 ? d : null;
}

/** The contact form's phone (spec 001 §5): the digits must number exactly 10 — no country code, the field holds 10. */
export function isTenDigitPhone(value: string): boolean {
  return digitsOnly(value).length === 10;
}

/**
 * A valid US number for an account (spec 000 §5): the national number of `nationalPhone` whose area code and
 * exchange each start with 2–9, in E.164 (+1XXXXXXXXXX); null otherwise.
 */
export function normalizeUsPhone(value: string): string | null {
  const national = nationalPhone(value);
  return national && /^[2-9]\d{2}[2-9]\d{6}$/.test(national) ? `+1${national}` : null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email address: something@domain.tld without spaces (already trimmed by the caller). */
export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value);
}

/**
 * The address a contact is reached at when a document is sent (spec 001 §5: recipients are filtered to those with a
 * phone for SMS or an email for email): its US phone as 10 digits, or its email when valid; null when it has none.
 * The send modal filters with it and the server's delivery sends to it.
 */
export function contactAddress(contact: { phone_number: string; email: string | null }, method: 'sms' | 'email'): string | null {
  if (method === 'sms') return nationalPhone(contact.phone_number);
  return contact.email && isEmailAddress(contact.email) ? contact.email : null;
}

/** The spec's messages for these rules (spec 000 §5, 001 §5, 002 §5). */
export const INVALID_PHONE_MESSAGE = 'Please enter a valid 10-digit phone number';
export const INVALID_US_PHONE_MESSAGE = 'Please enter a valid US phone number';
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
