/** The assistant feature's public entry (app.ts imports only from here). */
export { assistantRoutes } from './assistant.routes';
