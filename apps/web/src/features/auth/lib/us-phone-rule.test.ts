import { describe, expect, it } from 'vitest';
import { normalizeUsPhone } from '@fieldbook/contract/rules';

// The contract's one rule (rules.ts), as the sign-up form runs it; the server's sign-up uses the same function.
describe('normalizeUsPhone', () => {
  it.each([
    ['(415) 555-2671', '+14155552671'],
    ['415.555.2671', '+14155552671'],
    ['1 415 555 2671', '+14155552671'],
    ['+1 (212) 867-5309', '+12128675309'],
    ['  2128675309 ', '+12128675309'],
  ])('normalises %s to %s', (input, expected) => {
    expect(normalizeUsPhone(input)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['555-2671', 'too short'],
    ['24155552671', '11 digits not starting with 1'],
    ['141555526712', 'too long'],
    ['(015) 555-2671', 'area code starting with 0'],
    ['(115) 555-2671', 'area code starting with 1'],
    ['(415) 055-2671', 'exchange starting with 0'],
    ['(415) 155-2671', 'exchange starting with 1'],
    ['1 (115) 555-2671', 'area code starting with 1 after the country code'],
  ])('rejects %s (%s)', (input) => {
    expect(normalizeUsPhone(input)).toBeNull();
  });
});
