/**
 * US phone numbers (spec 000 §5): strip non-digits; 10 digits, or 11 starting with 1; the area code and
 * the exchange each start with 2–9. Returns the E.164 form +1XXXXXXXXXX, or null when invalid.
 */
export function normalizeUsPhone(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return null;
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(national)) return null;
  return `+1${national}`;
}
