/** The documents feature's public entry (other features and app.ts import only from here). */
export { documentsRoutes } from './documents.routes';
export { startDocumentWorker, type DocumentWorker } from './processing';
