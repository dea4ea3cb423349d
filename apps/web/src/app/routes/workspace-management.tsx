import { AdminOnly } from '../../features/profile';
import { WorkspaceManagementScreen } from '../../features/workspaces';

export default function WorkspaceManagementPage() {
  return (
    <AdminOnly>
      <WorkspaceManagementScreen />
    </AdminOnly>
  );
}
