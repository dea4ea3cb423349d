/** The contacts feature's public entry (other features and app.ts import only from here). */
export { contactsRoutes } from './contacts.routes';
// Names for phone numbers (search titles): the caller's contacts matching them.
export { findContactsByPhone } from './contacts.service';
// Recipients of documents and notifications: the caller's contacts by id.
export { findContactsByIds } from './contacts.service';
// The groups feature's view of the caller's contacts, handed to it by app.ts.
export { contactLookup } from './contacts.service';
// The assistant's retrieval: the contacts a question names, among those the caller may open.
export { contactCandidates, type ContactCandidate } from './contacts.retrieval';
// SQL builders for other features' statements (recordings' assigned contacts, tasks' assignee names and filter).
export { linkedContactsJsonSql, ownContactNameByPhoneKeySql, ownContactPhonesByNameSql, phoneKeySql } from './contacts.queries';
// The demo seed's contacts.
export { insertContactRecords } from './contacts.service';
// The client-name clean-up in SQL (spec 001 §5: a phone-like name shows as the caller's contact) for titles built in SQL.
export { cleanClientNameSql, taskTitleSql } from './client-name';
// The client hub's contact (issue 36): its name and addresses by id.
export { findContactRecords } from './contacts.queries';
// Work requests' "Create job": the caller's contact matching the request's phone or email, or a new one (the one-phone rule).
export { createContact, findContactsByEmail } from './contacts.service';
// A job's client contact by its client name (client-messages' recipients).
export { contactsNamedSql } from './contacts.queries';
