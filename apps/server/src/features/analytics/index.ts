/** The analytics feature's public entry (app.ts imports only from here). */
export { analyticsRoutes } from './analytics.routes';
