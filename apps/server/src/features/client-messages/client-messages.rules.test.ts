import { nextAllowedInstant, QUIET_HOURS, UpdateClientMessageSettingsBodySchema, DEFAULT_CLIENT_MESSAGE_RULES, CLIENT_MESSAGE_UNKNOWN_PLACEHOLDER, CLIENT_MESSAGE_PLACEHOLDERS } from '@fieldbook/contract';
import { describe, expect, it } from 'vitest';
import { smsKeyword } from './opt-outs';
import { normalizeAddress } from './recipients';
import { isValidTwilioSignature, twilioSignature } from './twilio-signature';

const CHICAGO = 'America/Chicago';
const BERLIN = 'Europe/Berlin';
const at = (iso: string, zone: string) => nextAllowedInstant(new Date(iso), zone).toISOString();

describe('quiet hours (the contract’s nextAllowedInstant, the workspace’s clock)', () => {
  it('a message due at 21:30 local goes at 8:00 the next morning (Chicago and Berlin)', () => {
    expect(QUIET_HOURS).toEqual({ from: 8, until: 20 });
    // 2026-01-15 21:30 CST = 03:30Z on the 16th → 08:00 CST on the 16th = 14:00Z.
    expect(at('2026-01-16T03:30:00Z', CHICAGO)).toBe('2026-01-16T14:00:00.000Z');
    // 2026-01-15 21:30 CET = 20:30Z → 08:00 CET on the 16th = 07:00Z.
    expect(at('2026-01-15T20:30:00Z', BERLIN)).toBe('2026-01-16T07:00:00.000Z');
  });

  it('inside the hours it goes at once; before 8:00 it waits for that morning; 20:00 is already night', () => {
    expect(at('2026-01-15T15:00:00Z', CHICAGO)).toBe('2026-01-15T15:00:00.000Z'); // 09:00 CST
    expect(at('2026-01-15T12:00:00Z', CHICAGO)).toBe('2026-01-15T14:00:00.000Z'); // 06:00 CST → 08:00
    expect(at('2026-01-16T01:59:59Z', CHICAGO)).toBe('2026-01-16T01:59:59.000Z'); // 19:59:59 CST
    expect(at('2026-01-16T02:00:00Z', CHICAGO)).toBe('2026-01-16T14:00:00.000Z'); // 20:00 CST → next 08:00
  });

  it('on daylight-saving change days 8:00 stays 8:00 on the wall clock', () => {
    // Chicago springs forward 2026-03-08 (02:00 → 03:00): Saturday 21:30 CST → Sunday 08:00 CDT (13:00Z, not 14:00Z).
    expect(at('2026-03-08T03:30:00Z', CHICAGO)).toBe('2026-03-08T13:00:00.000Z');
    // Chicago falls back 2026-11-01: Saturday 21:30 CDT (02:30Z) → Sunday 08:00 CST (14:00Z).
    expect(at('2026-11-01T02:30:00Z', CHICAGO)).toBe('2026-11-01T14:00:00.000Z');
    // Berlin springs forward 2026-03-29: Saturday 21:30 CET (20:30Z) → Sunday 08:00 CEST (06:00Z).
    expect(at('2026-03-28T20:30:00Z', BERLIN)).toBe('2026-03-29T06:00:00.000Z');
    // Berlin falls back 2026-10-25: 02:30 (the hour that happens twice) → 08:00 CET (07:00Z).
    expect(at('2026-10-25T00:30:00Z', BERLIN)).toBe('2026-10-25T07:00:00.000Z');
    // Across the year's end.
    expect(at('2026-12-31T20:30:00Z', BERLIN)).toBe('2027-01-01T07:00:00.000Z');
  });
});

describe('templates: placeholders are checked per rule', () => {
  const body = (patch: (r: typeof DEFAULT_CLIENT_MESSAGE_RULES) => void) => {
    const rules = structuredClone(DEFAULT_CLIENT_MESSAGE_RULES);
    patch(rules);
    return { rules, review_link: null };
  };
  it('an unknown placeholder is refused with a message naming it and the allowed ones', () => {
    const r = UpdateClientMessageSettingsBodySchema.safeParse(body((x) => (x.visit_booked.template.sms = 'Hi {client}, see you {when}')));
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(CLIENT_MESSAGE_UNKNOWN_PLACEHOLDER('when', CLIENT_MESSAGE_PLACEHOLDERS.visit_booked));
    expect(r.error?.issues[0]?.path).toEqual(['rules', 'visit_booked', 'template', 'sms']);
  });
  it('a placeholder of another rule is unknown here ({link} in a visit reminder)', () => {
    expect(UpdateClientMessageSettingsBodySchema.safeParse(body((x) => (x.visit_reminder.template.email_body = 'Go to {link}'))).success).toBe(false);
    expect(UpdateClientMessageSettingsBodySchema.safeParse(body(() => {})).success).toBe(true);
  });
});

describe('Twilio signature', () => {
  // The vector of Twilio's own SDK tests (RequestValidatorTest): this asserts the algorithm, not only that the
  // signer agrees with the checker.
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params: [string, string][] = [
    ['CallSid', 'CA1234567890ABCDE'],
    ['Caller', '+14158675309'],
    ['Digits', '1234'],
    ['From', '+14158675309'],
    ['To', '+18005551212'],
  ];
  it('matches Twilio’s published vector, whatever order the fields come in', () => {
    expect(twilioSignature('12345', url, params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    expect(isValidTwilioSignature('12345', url, [...params].reverse(), 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(true);
  });
  it('refuses another token, another URL, a changed field, or none', () => {
    expect(isValidTwilioSignature('54321', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(false);
    expect(isValidTwilioSignature('12345', 'https://evil.example/myapp.php?foo=1&bar=2', params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(false);
    expect(isValidTwilioSignature('12345', url, [...params.slice(0, 2), ['Digits', '9999']], 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(false);
    expect(isValidTwilioSignature('12345', url, params, undefined)).toBe(false);
  });
});

describe('STOP / START words and addresses', () => {
  it('reads the whole message, case and trailing punctuation aside', () => {
    for (const w of ['STOP', 'stop', ' Stop. ', 'STOPALL', 'unsubscribe', 'CANCEL', 'end', 'QUIT!']) expect(smsKeyword(w)).toBe('out');
    for (const w of ['START', 'start', 'UNSTOP']) expect(smsKeyword(w)).toBe('in');
    for (const w of ['please stop texting me at night', 'Yes', '']) expect(smsKeyword(w)).toBeNull();
  });
  it('keeps phones as E.164 and emails lower-case', () => {
    expect(normalizeAddress('sms', '5125550100')).toBe('+15125550100');
    expect(normalizeAddress('sms', '+1 (512) 555-0100')).toBe('+15125550100');
    expect(normalizeAddress('sms', '15125550100')).toBe('+15125550100');
    expect(normalizeAddress('email', ' Maria@Example.COM ')).toBe('maria@example.com');
  });
});
