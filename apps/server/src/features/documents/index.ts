/** The documents feature's public entry (other features and app.ts import only from here). */
export { documentsRoutes } from './documents.routes';
// Its background job (platform/jobs.ts; main.ts starts it with the others) and the sweep of cut-off uploads.
export { documentProcessingJob, startDocumentWorker, type DocumentWorker } from './processing';
// Uploads a crash cut off (upload-sweep.ts).
export { sweepDocumentUploads } from './documents.service';
// The home's Recent Documents and the dashboard's count, read inside the dashboard's statements.
export { documentCountSql, recentDocumentsJsonSql } from './documents.summary';
// A job's documents inside the jobs page's statement (app.ts hands it to the jobs feature).
export { jobDocumentsJsonSql } from './documents.summary';
// The Standard home's documents read (the dashboard replays it when it measures the two home paths).
export { findDocumentsPageJson } from './documents.repository';
// A PDF another feature wrote, stored as a document on a job (quotes' signed PDF).
export { storeGeneratedPdf } from './generate/store-file';
// …and removed again when what it was made for failed after it (an invoice's send).
export { discardGeneratedPdf } from './generate/store-file';
// Drive's "Copy existing items": the user's documents as items to copy.
export { documentItemsOf } from './drive-items';
// The client hub (issue 36): the documents sent to a client contact, while their download links live.
export { findSharedDocuments } from './documents.queries';
