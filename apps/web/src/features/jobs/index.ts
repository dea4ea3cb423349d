/** The jobs feature's public entry: the jobs dashboard, a job's page and the New Job form. */
export { JobDetail } from './components/job-detail';
export { JobForm } from './components/job-form';
export { JobsDashboard } from './components/jobs-dashboard';
