/** The contacts feature's public entry (other features and app.ts import only from here). */
export { contactsRoutes } from './contacts.routes';
// Names for phone numbers (search titles): the caller's contacts matching them.
export { findContactsByPhone } from './contacts.service';
// Recipients of documents and notifications: the caller's contacts by id.
export { findContactsByIds } from './contacts.service';
