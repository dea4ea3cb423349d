import { IconBriefcase } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function JobDetailPage() {
  return (
    <ScreenPlaceholder
      title="Job"
      description="The documents, tasks and status of one job."
      icon={<IconBriefcase size={28} />}
      emptyTitle="Job details"
      emptyText="The job's client, address, documents and tasks appear here."
    />
  );
}
