/** The Google Drive feature's public entry (app.ts and main.ts import only from here). */
export { driveRoutes } from './drive.routes';
// Its background job (platform/jobs.ts; main.ts starts it with the others).
export { driveCopyJob } from './copy.job';
export { driveDeps } from './connection.service';
