/**
 * Test samples for the phone and email rules (rules.ts): the server's tests and the web's tests run the same list
 * through their own entry points (API, forms) and must accept and refuse exactly these. Test-only; zod-free.
 */
export const EMAIL_SAMPLES: ReadonlyArray<readonly [value: string, valid: boolean]> = [
  ['ann@example.com', true],
  ['A.Roofer+jobs@mail.example.co', true],
  ['ü@example.de', true],
  ['nope', false],
  ['ann@', false],
  ['@example.com', false],
  ['ann@example', false],
  ['ann smith@example.com', false],
  ['ann@@example.com', false],
];

/** The contact phone (spec 001 §5): exactly 10 digits once formatting is stripped. */
export const CONTACT_PHONE_SAMPLES: ReadonlyArray<readonly [value: string, valid: boolean]> = [
  ['(555) 123-4567', true],
  ['555.123.4567', true],
  ['5551234567', true],
  ['555-1234', false],
  ['(555) 123-45678', false],
  ['+1 (555) 123-4567', false],
  ['phone', false],
];

/** The account phone (spec 000 §5): a US number, E.164; null when refused. */
export const US_PHONE_SAMPLES: ReadonlyArray<readonly [value: string, e164: string | null]> = [
  ['(415) 555-2671', '+14155552671'],
  ['1 415 555 2671', '+14155552671'],
  ['+1 (212) 867-5309', '+12128675309'],
  ['555-2671', null],
  ['(115) 555-2671', null],
  ['(415) 155-2671', null],
  ['24155552671', null],
];
