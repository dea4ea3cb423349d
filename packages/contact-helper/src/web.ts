import { WebPlugin } from '@capacitor/core';
import { browserContactPicker } from './picker';
import { CONTACT_HELPER_UNAVAILABLE, type ContactHelperPlugin, type ContactPermissionStatus, type ContactsResult, type GetContactsOptions, type GroupsResult, type PhoneContact, type PickContactsOptions } from './definitions';

const firstOf = (values: string[] | undefined) => values?.map((v) => v.trim()).find((v) => v !== '') ?? null;

let made = 0;
/** The picker gives no id: one for this answer (unique in the page). */
const madeId = () => `picked-${Date.now().toString(36)}-${++made}`;

/**
 * The browser's contact helper: picking works through the Contact Picker API where the browser has it (the browser
 * asks the person each time, so there is no standing permission); listing the address book or its groups is not
 * something a browser can do. Where there is no picker every method but the permission check rejects with
 * 'UNAVAILABLE' and CONTACT_HELPER_UNAVAILABLE.
 */
export class ContactHelperWeb extends WebPlugin implements ContactHelperPlugin {
  /** 'prompt' where the picker exists (it asks at each pick), 'denied' where it does not. */
  async checkPermissions(): Promise<ContactPermissionStatus> {
    return { contacts: browserContactPicker() ? 'prompt' : 'denied' };
  }

  /** Nothing to ask ahead of a pick in a browser. */
  async requestPermissions(): Promise<ContactPermissionStatus> {
    return this.checkPermissions();
  }

  async pickContacts(options?: PickContactsOptions): Promise<ContactsResult> {
    const picker = browserContactPicker();
    if (!picker) throw this.unavailable(CONTACT_HELPER_UNAVAILABLE);
    const picked = await picker.select(['name', 'tel', 'email'], { multiple: options?.multiple ?? false });
    const contacts: PhoneContact[] = picked.map((p) => ({ id: madeId(), name: firstOf(p.name) ?? '', phoneNumber: firstOf(p.tel), photoUrl: null, email: firstOf(p.email) }));
    return { contacts };
  }

  async getContacts(_options?: GetContactsOptions): Promise<ContactsResult> {
    throw this.unavailable(CONTACT_HELPER_UNAVAILABLE);
  }

  async getGroups(): Promise<GroupsResult> {
    throw this.unavailable(CONTACT_HELPER_UNAVAILABLE);
  }
}
