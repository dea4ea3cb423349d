/** The photos feature's public entry (issue 35): the job page's Photos panel. */
export { JobPhotos } from './components/job-photos';
