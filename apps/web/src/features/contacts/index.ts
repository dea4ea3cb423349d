/**
 * The contacts feature's public entry: what other features may use (lint refuses deeper imports).
 * Pickers search the server; phone numbers on a screen get their names through usePhoneDirectory.
 */
export { useContacts } from './api/get-contacts';
export { usePhoneDirectory } from './api/get-contacts-by-phone';
export { contactKeys } from './api/keys';
export { ContactPickerList, initialsOf } from './components/contact-picker-list';
export { ContactGroupBar } from './components/contact-group-bar';
export { ContactPickerModal } from './components/contact-picker-modal';
export { ContactsScreen } from './components/contacts-screen';
export { phoneDirectory, type PhoneDirectory } from './lib/phone-directory';
/** How queued contact writes show on fetched lists (the shell's OfflineQueueSync). */
export { contactOfflineAppliers } from './api/offline-contacts';
