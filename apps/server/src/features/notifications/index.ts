/** The notifications feature's public entry (other features and app.ts import only from here). */
export { notificationsRoutes } from './notifications.routes';
// What another feature calls, inside its own transaction, to tell users of something that happened (quotes).
export { notify, type NewNotification } from './notifications.service';
