/** The work-requests feature's public entry (app.ts, main.ts and other features import only from here). */
export { workRequestsRoutes, WORK_REQUEST_LIMITS } from './work-requests.routes';
// The client hub's "Request work" (features/client-hub): a request from a contact its link verified.
export { submitHubWorkRequest } from './work-requests.service';
// The upload sweep (upload-sweep.ts).
export { sweepWorkRequestPhotoUploads } from './request-photos';
