/** The schedule feature's public entry (issue 34): the board, /today, a job's Visits panel, the offline appliers. */
export { ScheduleScreen } from './components/schedule-screen';
export { scheduleOfflineAppliers } from './api/set-visit-status';
// A job's Visits panel, on the job's page.
export { JobVisits } from './components/job-visits';
// /today, the crew's day on the phone.
export { TodayScreen } from './components/today-screen';
// A search hit's next visit (the jobs' and tasks' search results).
export { NextVisitLine } from './components/next-visit-line';
