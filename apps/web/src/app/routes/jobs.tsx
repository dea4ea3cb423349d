import { IconBriefcase } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function JobsPage() {
  return (
    <ScreenPlaceholder
      title="Jobs"
      description="Client jobs with their status, documents and tasks."
      icon={<IconBriefcase size={28} />}
      emptyTitle="No jobs yet"
      emptyText="Jobs in your workspace will be listed here."
    />
  );
}
