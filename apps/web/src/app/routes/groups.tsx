import { IconUsersGroup } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function GroupsPage() {
  return (
    <ScreenPlaceholder
      title="Groups"
      description="Crews and teams you work with, and who is in them."
      icon={<IconUsersGroup size={28} />}
      emptyTitle="Your groups"
      emptyText="Groups you create or join will be listed here."
    />
  );
}
