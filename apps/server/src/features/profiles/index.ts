/** The profiles feature's public entry (other features and app.ts import only from here). */
export { profilesRoutes } from './profiles.routes';
