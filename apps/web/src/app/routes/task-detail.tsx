import { useParams } from 'react-router';
import { TaskDetail } from '../../features/tasks';

export default function TaskDetailPage() {
  const { id = '' } = useParams();
  return <TaskDetail key={id} id={id} />;
}
