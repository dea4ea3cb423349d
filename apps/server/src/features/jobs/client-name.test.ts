import { buildPhoneIndex, cleanClientName, findContactByPhone, formatPhoneInput, jobClientName, lookupPhone, phoneMatchKeys } from '@fieldbook/contract';
import { describe, expect, it } from 'vitest';

// The pure display rules of spec 001 §5, shared with the web through @fieldbook/contract (format.ts).
const contacts = [
  { name: 'Ann Adjuster', phone_number: '5551234567' },
  { name: 'Ben Builder', phone_number: '+15559876543' },
];

describe('client-name clean-up', () => {
  it('keeps ordinary names', () => {
    expect(cleanClientName('  Smith Roofing ')).toBe('Smith Roofing');
  });

  it('turns file-like names and document words into Unnamed Client', () => {
    for (const name of ['scan_0042.pdf', 'IMG_2201.jpeg', 'Inspection Report', 'signed contract', 'Invoice 42', 'ESTIMATE v2', '', null, undefined]) {
      expect(cleanClientName(name), String(name)).toBe('Unnamed Client');
    }
  });

  it('resolves phone-like names through the caller’s contacts, else Client ({number})', () => {
    expect(cleanClientName('(555) 123-4567', contacts)).toBe('Ann Adjuster');
    expect(cleanClientName('555-987-6543', contacts)).toBe('Ben Builder');
    expect(cleanClientName('+1 555 000 1111', contacts)).toBe('Client (+1 555 000 1111)');
  });

  it('falls back to a client name in metadata', () => {
    expect(jobClientName({ client_name: null, metadata: { customerName: 'Garcia' } })).toBe('Garcia');
    expect(jobClientName({ client_name: ' ', metadata: { name: 'roof-estimate.docx' } })).toBe('Unnamed Client');
  });
});

describe('phone-to-contact matching (raw, digits only, +1 prefix)', () => {
  it('builds the match keys', () => {
    expect(phoneMatchKeys('+1 (555) 123-4567')).toEqual(['+1 (555) 123-4567', '15551234567', '5551234567', '+15551234567']);
  });

  it('finds contacts whichever form either side uses', () => {
    expect(findContactByPhone('5551234567', contacts)?.name).toBe('Ann Adjuster');
    expect(findContactByPhone('+15551234567', contacts)?.name).toBe('Ann Adjuster');
    expect(findContactByPhone('5559876543', contacts)?.name).toBe('Ben Builder');
    expect(findContactByPhone('5550000000', contacts)).toBeNull();
    expect(findContactByPhone(null, contacts)).toBeNull();
    const index = buildPhoneIndex(contacts);
    expect(lookupPhone('(555) 987-6543', index)?.name).toBe('Ben Builder');
  });

  it('formats phone input as (xxx) xxx-xxxx, at most 10 digits', () => {
    expect(formatPhoneInput('5')).toBe('(5');
    expect(formatPhoneInput('55512')).toBe('(555) 12');
    expect(formatPhoneInput('555123456789')).toBe('(555) 123-4567');
  });
});
