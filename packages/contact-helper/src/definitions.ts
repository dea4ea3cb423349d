import type { PermissionState } from '@capacitor/core';
import { CONTACT_HELPER_METHOD_NAMES } from './methods';

/**
 * The contact helper plugin's contract (spec 001 §7 "Mobile plugins": "call recorder (…); contact helper; recording
 * sync service (…)"). The spec names the plugin but not its methods; what it needs is in §3: "Mobile picker contacts:
 * id, name, phoneNumber, photoUrl; contact groups: id, name" — the phone's address book, offered where a person is
 * chosen (the contact form's "Pick from phone contacts", §2 Contacts). A native implementation answers these over
 * the Capacitor bridge as the plugin named 'ContactHelper', with exactly these method names and option objects;
 * `web.ts` is the browser's (the Contact Picker API where the browser has it, else "not available").
 * Options and results are plain JSON on the bridge.
 */

/** Spec 001 §3 "Mobile picker contacts: id, name, phoneNumber, photoUrl" (and the email, which the form takes too). */
export interface PhoneContact {
  /** The phone's id for the contact (stable on that phone); the browser gives none: one is made for the answer. */
  id: string;
  name: string;
  /** The contact's first phone number as the phone holds it (any format), or null. */
  phoneNumber: string | null;
  /** A URL the WebView can show the contact's photo from, or null. */
  photoUrl: string | null;
  /** The contact's first email address, or null. */
  email: string | null;
}

/** Spec 001 §3 "contact groups: id, name": the phone's contact groups (labels). */
export interface PhoneContactGroup {
  id: string;
  name: string;
}

/** READ_CONTACTS on Android: needed to list the address book (getContacts, getGroups), not to pick one contact. */
export interface ContactPermissionStatus {
  contacts: PermissionState;
}

export interface PickContactsOptions {
  /** Let the person pick several contacts (default one). */
  multiple?: boolean;
}

export interface GetContactsOptions {
  /** Only contacts whose name or number contains this text. */
  query?: string;
  /** Only the members of this contact group (a PhoneContactGroup's id). */
  groupId?: string;
  /** At most this many (the phone's order: by name). */
  limit?: number;
}

export interface ContactsResult {
  contacts: PhoneContact[];
}

export interface GroupsResult {
  groups: PhoneContactGroup[];
}

export interface ContactHelperPlugin {
  checkPermissions(): Promise<ContactPermissionStatus>;
  requestPermissions(): Promise<ContactPermissionStatus>;
  /**
   * Opens the phone's own contact picker and answers what the person picked (none when they cancelled). Needs no
   * standing permission: the person chooses what is shared. On the web: the Contact Picker API; where the browser has
   * none it rejects with code 'UNAVAILABLE' and CONTACT_HELPER_UNAVAILABLE.
   */
  pickContacts(options?: PickContactsOptions): Promise<ContactsResult>;
  /** The address book (READ_CONTACTS). On the web: rejects 'UNAVAILABLE' (a browser cannot list contacts). */
  getContacts(options?: GetContactsOptions): Promise<ContactsResult>;
  /** The phone's contact groups (READ_CONTACTS). On the web: rejects 'UNAVAILABLE'. */
  getGroups(): Promise<GroupsResult>;
}

/** The web fallback's message where the browser has no Contact Picker (desktop browsers, the app's WebView). */
export const CONTACT_HELPER_UNAVAILABLE = 'Phone contacts are not available in this browser.';

/** The plugin's methods, as a native plugin's header lists them (the fake bridge of the browser tests uses this). */
export const CONTACT_HELPER_METHODS = CONTACT_HELPER_METHOD_NAMES satisfies readonly (keyof ContactHelperPlugin)[];
