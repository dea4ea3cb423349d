import { useParams } from 'react-router';
import { TrainingExamplesScreen } from '../../features/group-assistants';
import { AdminOnly } from '../../features/profile';

/** /assistant-examples/:id — a group's training examples (administrators only, like the assistant screen). */
export default function AssistantExamplesPage() {
  const { id = '' } = useParams();
  return (
    <AdminOnly>
      <TrainingExamplesScreen key={id} groupId={id} />
    </AdminOnly>
  );
}
