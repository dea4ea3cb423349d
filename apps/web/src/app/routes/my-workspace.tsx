import { IconBuilding } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function MyWorkspacePage() {
  return (
    <ScreenPlaceholder
      title="My Workspace"
      description="Your company's workspace: its name, settings and members."
      icon={<IconBuilding size={28} />}
      emptyTitle="Workspace settings"
      emptyText="Your workspace's details and members appear here."
    />
  );
}
