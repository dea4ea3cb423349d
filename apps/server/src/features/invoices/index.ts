/** The invoices feature's public entry (other features and app.ts import only from here). */
export { invoicesRoutes } from './invoices.routes';
