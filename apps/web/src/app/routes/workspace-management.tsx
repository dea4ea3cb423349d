import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function WorkspaceManagementPage() {
  return (
    <ScreenPlaceholder
      title="Manage Workspaces"
      description="Every workspace on this Fieldbook installation and its members."
      icon={<IconBuildingSkyscraper size={28} />}
      emptyTitle="Workspaces"
      emptyText="Workspaces and their members will be listed here."
    />
  );
}
