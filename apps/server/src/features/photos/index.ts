/** The photos feature's public entry (app.ts and main.ts import only from here). */
export { photosRoutes } from './photos.routes';
// The thumbnail job (main.ts runs it with the others) and the upload sweep (upload-sweep.ts).
export { photoThumbnailJob } from './thumbnails';
export { sweepPhotoUploads } from './photos.service';
// Markup (issue 35): its render job (main.ts runs it with the others), and the rendered marked-up JPEGs for reports and
// sharing (a photo absent from renderedPhotoKeys has no current rendering: use its original).
export { photoMarkupJob } from './markup-job';
export { renderedPhotoBlob, renderedPhotoKeys } from './markup.service';
// The photo report job (main.ts runs it with the others).
export { photoReportJob } from './photo-report.job';
// The client hub (issue 36): the live galleries of a client's jobs, with their links.
export { findSharedGalleries } from './photos.queries';
// Work requests (issue 36): the photos a client sent with a request, put on the job the office makes of it — the
// rows in the job's transaction, then each blob and its finish, as an upload's.
export { reserveJobPhotos, storeReservedPhoto, type ReservedPhoto } from './photos.import';
