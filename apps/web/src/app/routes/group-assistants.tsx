import { GroupAssistantsScreen } from '../../features/group-assistants';
import { AdminOnly } from '../../features/profile';

/** /group-assistants and /group-assistant-admin (spec 002 §2): administrators only (the server refuses others too). */
export default function GroupAssistantsPage() {
  return (
    <AdminOnly>
      <GroupAssistantsScreen />
    </AdminOnly>
  );
}
