import { IconChecklist } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function TaskDetailPage() {
  return (
    <ScreenPlaceholder
      title="Task"
      description="The details of one task."
      icon={<IconChecklist size={28} />}
      emptyTitle="Task details"
      emptyText="The task's job, assignee, due date and status appear here."
    />
  );
}
