import { WorkspaceAnalyticsScreen } from '../../features/analytics';
import { AdminOnly } from '../../features/profile';

/** /analytics and /workspace-analytics (spec 002): administrators only. */
export default function WorkspaceAnalyticsPage() {
  return (
    <AdminOnly>
      <WorkspaceAnalyticsScreen />
    </AdminOnly>
  );
}
