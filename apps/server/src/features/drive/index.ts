/** The Google Drive feature's public entry (app.ts and main.ts import only from here). */
export { driveRoutes } from './drive.routes';
// Its background job (platform/jobs.ts; main.ts starts it with the others) and its periodic sweep (maintenance.ts).
export { driveCopyJob } from './copy.job';
export { driveConnectSweep } from './connect-sweep';
export { driveDeps, type DriveDeps } from './connection.service';
