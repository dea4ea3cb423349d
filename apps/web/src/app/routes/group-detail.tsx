import { IconUsersGroup } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function GroupDetailPage() {
  return (
    <ScreenPlaceholder
      title="Group Detail"
      description="A group's members, shared contacts and assistant."
      icon={<IconUsersGroup size={28} />}
      emptyTitle="Group details"
      emptyText="The group's members and shared contacts appear here."
    />
  );
}
