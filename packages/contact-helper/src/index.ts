import { Capacitor, registerPlugin } from '@capacitor/core';
import type { ContactHelperPlugin } from './definitions';
import { browserContactPicker } from './picker';

/**
 * The contact helper (spec 001 §7 "Mobile plugins"). Inside the Capacitor app each call goes over the bridge to the
 * native plugin named 'ContactHelper'; in a browser (or an app built without it) to `ContactHelperWeb`, loaded when
 * first used. The web app reaches the phone's contacts only through this object.
 */
export const ContactHelper = registerPlugin<ContactHelperPlugin>('ContactHelper', {
  web: () => import('./web').then((m) => new m.ContactHelperWeb()),
});

/**
 * What picking a phone contact can use here: 'native' — the app's native plugin (the phone's picker and address book);
 * 'picker' — the browser's Contact Picker API (Chrome on Android); 'none' — neither (desktop browsers, an app built
 * without the plugin): screens offer no "pick from phone" there.
 */
export type ContactHelperAvailability = 'native' | 'picker' | 'none';

export function contactHelperAvailability(): ContactHelperAvailability {
  if (Capacitor.isNativePlatform() && Capacitor.isPluginAvailable('ContactHelper')) return 'native';
  return browserContactPicker() ? 'picker' : 'none';
}

export * from './definitions';
export type { PermissionState } from '@capacitor/core';
