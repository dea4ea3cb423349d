import { IconSchool } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function AssistantExamplesPage() {
  return (
    <ScreenPlaceholder
      title="Training Examples"
      description="Examples a group assistant learns from, for review."
      icon={<IconSchool size={28} />}
      emptyTitle="Training examples"
      emptyText="Training examples extracted from the group's calls will be listed here."
    />
  );
}
