import { CONTACT_HELPER_UNAVAILABLE, ContactHelper, contactHelperAvailability } from '@fieldbook/contact-helper';
import { nationalPhone } from '@fieldbook/contract/rules';

/**
 * Picking a contact from the phone instead of typing it (issue 26; spec 001 §7's contact helper, issue 32): inside the
 * mobile app the native ContactHelper plugin opens the phone's picker; in a browser its web implementation uses the
 * Contact Picker API (Chrome on Android). Elsewhere — desktop browsers — there is nothing to pick from, and the form is
 * filled by hand. Only what the form holds is used: name, phone, email.
 */
export function isContactPickerSupported(): boolean {
  return contactHelperAvailability() !== 'none';
}

export type PickedPhoneContact = { name: string; phone: string; email: string };

/** Why a pick failed, for the person: the helper's own words when it is unavailable. */
export function pickFailureMessage(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'UNAVAILABLE' ? CONTACT_HELPER_UNAVAILABLE : 'Could not read the phone’s contacts. Type the contact instead.';
}

/** The picked contact's name, its number as 10 US digits (else ''), its email; null when nothing was picked (cancelled). */
export async function pickPhoneContact(): Promise<PickedPhoneContact | null> {
  const { contacts } = await ContactHelper.pickContacts({ multiple: false });
  const [picked] = contacts;
  if (!picked) return null;
  return { name: picked.name.trim(), phone: (picked.phoneNumber && nationalPhone(picked.phoneNumber)) ?? '', email: (picked.email ?? '').trim() };
}
