import { IconLayoutDashboard } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function FastDashboardPage() {
  return (
    <ScreenPlaceholder
      title="Fast Dashboard"
      description="A quick overview of recent tasks, documents and active jobs."
      icon={<IconLayoutDashboard size={28} />}
      emptyTitle="Recent work"
      emptyText="Recent work in your workspace will show up here."
    />
  );
}
