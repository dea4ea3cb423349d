import { IconChecklist } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function TasksPage() {
  return (
    <ScreenPlaceholder
      title="Tasks"
      description="Everything your crew has to do, by job, assignee and due date."
      icon={<IconChecklist size={28} />}
      emptyTitle="No tasks yet"
      emptyText="Tasks created on your jobs will be listed here."
    />
  );
}
