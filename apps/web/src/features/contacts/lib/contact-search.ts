import { digitsOnly, type Contact } from '@fieldbook/contract';

/** The contacts list search: every word must appear in the name, email or role; digits also match the phone. */
export function filterContacts<T extends Pick<Contact, 'name' | 'phone_number' | 'email' | 'role'>>(contacts: readonly T[], text: string): T[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...contacts];
  return contacts.filter((c) => {
    const haystack = [c.name, c.email, c.role].filter(Boolean).join(' ').toLowerCase();
    return words.every((w) => {
      if (haystack.includes(w)) return true;
      const d = digitsOnly(w);
      return d.length > 0 && d.length === w.replace(/[\s().+-]/g, '').length && c.phone_number.includes(d);
    });
  });
}
