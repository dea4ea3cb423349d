/** The quotes feature's public entry (other features and app.ts import only from here). */
export { quotesRoutes } from './quotes.routes';
