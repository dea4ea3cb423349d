import { useParams } from 'react-router';
import { GroupInviteScreen } from '../../features/groups';

/** /group-invite/:inviteId (spec 002 §2): the signed-in user's invitation, accepted by its id. */
export default function GroupInvitePage() {
  const { inviteId = '' } = useParams();
  return <GroupInviteScreen key={inviteId} inviteId={inviteId} />;
}
