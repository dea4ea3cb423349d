import { PageHeader } from '../../components/page-header';
import { JobForm } from '../../features/jobs';

export default function NewJobPage() {
  return (
    <>
      <PageHeader title="New Job" description="A client and property to track tasks and documents for." />
      <JobForm />
    </>
  );
}
