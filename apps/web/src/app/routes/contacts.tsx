import { IconAddressBook } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function ContactsPage() {
  return (
    <ScreenPlaceholder
      title="Contacts"
      description="Clients, subcontractors and suppliers you work with."
      icon={<IconAddressBook size={28} />}
      emptyTitle="Your contacts"
      emptyText="Contacts you add or that are shared with your groups will be listed here."
    />
  );
}
