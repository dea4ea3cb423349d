import { GroupsScreen } from '../../features/groups';

export default function GroupsPage() {
  return <GroupsScreen />;
}
