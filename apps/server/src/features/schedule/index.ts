/** The schedule feature's public entry (other features, app.ts and main.ts import only from here). */
export { scheduleRoutes } from './schedule.routes';
// The daily extension of repeating visits' horizon (main.ts starts it with the other jobs).
export { visitSeriesJob } from './series';
// A job's visits as text inside the search read model's statement (the assistant's sources).
export { jobVisitsTextSql } from './schedule.queries';
// Search's job hits show their next visit (one statement for the page's jobs).
export { findNextVisitsOfJobs } from './schedule.queries';
// The client hub (issue 36): a client's visits to come and past, with their arrival windows.
export { findClientVisits, type ClientVisitRow } from './schedule.queries';
