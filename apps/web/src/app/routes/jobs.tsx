import { JobsDashboard } from '../../features/jobs/components/jobs-dashboard';

export default function JobsPage() {
  return <JobsDashboard />;
}
