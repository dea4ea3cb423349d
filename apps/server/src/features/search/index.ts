/** The search feature's public entry (other features and app.ts import only from here). */
export { searchRoutes } from './search.routes';
