import { IconUsers } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function GroupMembersPage() {
  return (
    <ScreenPlaceholder
      title="Group Members"
      description="The members of a group and their roles."
      icon={<IconUsers size={28} />}
      emptyTitle="Members"
      emptyText="The group's members and pending invitations will be listed here."
    />
  );
}
