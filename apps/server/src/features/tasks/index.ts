/** The tasks feature's public entry (other features and app.ts import only from here). */
export { tasksRoutes } from './tasks.routes';
// The tasks page the Standard home mode reads.
export { findTasksPageJson } from './tasks.repository';
export { recentTasksJsonSql } from './tasks.summary';
// Tasks as other features read and write them (documents' generation and sending, the demo seed).
export { findTaskRef, insertTaskRecords, jobTasksJsonSql, listJobTaskRecords, taskCountSql, type TaskRecord } from './tasks.queries';
