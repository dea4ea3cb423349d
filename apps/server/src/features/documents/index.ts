/** The documents feature's public entry (other features and app.ts import only from here). */
export { documentsRoutes } from './documents.routes';
export { startDocumentWorker, type DocumentWorker } from './processing';
// The home's Recent Documents and the dashboard's count, read inside the dashboard's statements.
export { documentCountSql, recentDocumentsJsonSql } from './documents.summary';
// The Standard home's documents read (the dashboard replays it when it measures the two home paths).
export { findDocumentsPageJson } from './documents.repository';
