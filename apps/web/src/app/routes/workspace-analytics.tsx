import { IconChartBar } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function WorkspaceAnalyticsPage() {
  return (
    <ScreenPlaceholder
      title="Workspace Analytics"
      description="Activity across workspaces: recordings, jobs and tasks over time."
      icon={<IconChartBar size={28} />}
      emptyTitle="Activity"
      emptyText="Usage charts for your workspaces appear here."
    />
  );
}
