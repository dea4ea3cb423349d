import { JobsDashboard } from '../../features/jobs';

export default function JobsPage() {
  return <JobsDashboard />;
}
