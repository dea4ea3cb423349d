/** The payments feature's public entry (app.ts imports only from here). */
export { paymentsRoutes } from './payments.routes';
