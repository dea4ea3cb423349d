import { useParams } from 'react-router';
import { GroupDetailScreen } from '../../features/groups';

export default function GroupInvitePage() {
  const { inviteId = '' } = useParams();
  return <GroupDetailScreen key={inviteId} groupId={inviteId} view="invite" />;
}
