import { IconRobot } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function GroupAssistantsPage() {
  return (
    <ScreenPlaceholder
      title="Group Assistants"
      description="Specialised assistants trained on a group's calls."
      icon={<IconRobot size={28} />}
      emptyTitle="Group assistants"
      emptyText="Assistants for your groups and their training status will be listed here."
    />
  );
}
