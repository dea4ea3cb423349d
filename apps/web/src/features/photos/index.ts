/** The photos feature's public entry (issue 35): the job page's Photos panel and the workspace's /photos timeline. */
export { JobPhotos } from './components/job-photos';
export { PhotoTimelineScreen } from './components/photo-timeline-screen';
// The client's shared gallery page, /g/:token (issue 35).
export { PublicGalleryScreen } from './components/gallery-public-screen';
