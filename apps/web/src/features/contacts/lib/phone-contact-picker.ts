import { nationalPhone } from '@fieldbook/contract/rules';

/**
 * The browser's Contact Picker API (Chrome on Android; issue 26): the crew picks a contact from the phone instead of
 * typing it. Elsewhere the form is filled by hand. Only what the form holds is asked for: name, phone, email.
 */
type PickedContact = { name?: string[]; tel?: string[]; email?: string[] };
type ContactsManager = { select: (properties: string[], options?: { multiple?: boolean }) => Promise<PickedContact[]> };

function contactsManager(): ContactsManager | null {
  const manager = (navigator as Navigator & { contacts?: Partial<ContactsManager> }).contacts;
  return manager && typeof manager.select === 'function' ? (manager as ContactsManager) : null;
}

export function isContactPickerSupported(): boolean {
  return typeof navigator !== 'undefined' && contactsManager() !== null;
}

/** The picked contact's name, its first US number as 10 digits (else ''), its first email; null when nothing was picked. */
export async function pickPhoneContact(): Promise<{ name: string; phone: string; email: string } | null> {
  const manager = contactsManager();
  if (!manager) return null;
  const [picked] = await manager.select(['name', 'tel', 'email'], { multiple: false });
  if (!picked) return null;
  const phone = (picked.tel ?? []).map((t) => nationalPhone(t)).find((p): p is string => p !== null) ?? '';
  return { name: (picked.name?.[0] ?? '').trim(), phone, email: (picked.email?.[0] ?? '').trim() };
}
