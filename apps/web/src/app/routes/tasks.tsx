import { PageHeader } from '../../components/page-header';
import { TasksScreen } from '../../features/tasks';

export default function TasksPage() {
  return (
    <>
      <PageHeader title="Tasks" description="Everything your crew has to do, by assignee and job." />
      <TasksScreen />
    </>
  );
}
