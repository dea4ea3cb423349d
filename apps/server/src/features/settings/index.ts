/** The settings feature's public entry (other features and app.ts import only from here). */
export { settingsRoutes } from './settings.routes';
// The recorder's "Upload to Google Drive" setting (drive); the notification toggles (notifications: in-app; quotes:
// the contractor's emails).
export { getUserSettings } from './settings.service';
// A new account's default settings (auth).
export { insertDefaultSettings } from './settings.service';
