/** The contacts feature's public entry (other features and app.ts import only from here). */
export { contactsRoutes } from './contacts.routes';
