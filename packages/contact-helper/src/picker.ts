/** What the Contact Picker API answers for the properties asked (https://w3c.github.io/contact-picker/). */
export type PickedContact = { name?: string[]; tel?: string[]; email?: string[] };
type ContactsManager = { select: (properties: string[], options?: { multiple?: boolean }) => Promise<PickedContact[]> };

/** The browser's Contact Picker (Chrome on Android), or null where it has none (desktop browsers, WebViews). */
export function browserContactPicker(): ContactsManager | null {
  if (typeof navigator === 'undefined') return null;
  const manager = (navigator as Navigator & { contacts?: Partial<ContactsManager> }).contacts;
  return manager && typeof manager.select === 'function' ? (manager as ContactsManager) : null;
}
