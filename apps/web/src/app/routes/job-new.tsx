import { IconBriefcase } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function NewJobPage() {
  return (
    <ScreenPlaceholder
      title="New Job"
      description="Create a job for a client and property."
      icon={<IconBriefcase size={28} />}
      emptyTitle="New job"
      emptyText="The form to create a job appears here."
    />
  );
}
