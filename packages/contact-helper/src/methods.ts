/**
 * The contact helper's methods, as a native plugin's header lists them. No imports: the browser tests' fake bridge
 * (e2e/contact-helper-bridge.spec.ts) reads this file directly; definitions.ts checks it against ContactHelperPlugin
 * and exports it from the package.
 */
export const CONTACT_HELPER_METHOD_NAMES = ['checkPermissions', 'requestPermissions', 'pickContacts', 'getContacts', 'getGroups'] as const;
