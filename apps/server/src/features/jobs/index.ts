/** The jobs feature's public entry (other features and app.ts import only from here). */
export { jobsRoutes, type JobsDeps } from './jobs.routes';
// The rule tasks need before writing, and the jobs page the Standard home mode reads.
export { assertJobInWorkspace, JOB_NOT_FOUND } from './jobs.service';
export { findJobsPageJson, type JobPageParts } from './jobs.repository';
// A job's client for Drive's client folders (drive).
export { findJobJson } from './jobs.repository';
export { activeJobsJsonSql } from './jobs.summary';
// Jobs as other features read and change them (documents' processing and generation, the demo seed).
export { findJobDocumentTypes, findJobRecord, insertJobRecords, matchJobByClaimOrAddress, saveJobLineItems, type JobMatch, type JobRecord } from './jobs.queries';
// SQL builders for other features' statements (tasks' job summary and filter, documents' job, the dashboard's counts).
export { jobCountSql, jobIdsMatchingSql, jobRefSql, jobSummaryJoinSql } from './jobs.queries';
// The schedule's Unscheduled tray: the workspace's open jobs, inside its statement.
export { openJobsSql } from './jobs.queries';
// Review requests (client-messages): completed jobs, scanned in order.
export { findJobsCompletedSince } from './jobs.queries';
