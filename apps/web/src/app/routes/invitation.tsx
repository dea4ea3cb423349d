import { IconMailForward } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function InvitationPage() {
  return (
    <ScreenPlaceholder
      title="Group Invitation"
      description="Accept or decline an invitation to join a group."
      icon={<IconMailForward size={28} />}
      emptyTitle="Invitation"
      emptyText="The invitation's group and the choice to accept or decline appear here."
    />
  );
}
