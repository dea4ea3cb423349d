import { useParams } from 'react-router';
import { JobDetail } from '../../features/jobs';

export default function JobDetailPage() {
  const { jobId = '' } = useParams();
  // A new id is a new page: no state carries over from the previous job.
  return <JobDetail key={jobId} jobId={jobId} />;
}
