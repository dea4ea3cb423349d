import { useParams } from 'react-router';
import { GroupDetailScreen } from '../../features/groups';

export default function GroupMembersPage() {
  const { groupId = '' } = useParams();
  return <GroupDetailScreen key={groupId} groupId={groupId} view="members" />;
}
