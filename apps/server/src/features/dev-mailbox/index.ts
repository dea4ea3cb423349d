/** The development mailbox's public entry. */
export { devMailboxRoutes } from './dev-mailbox.routes';
