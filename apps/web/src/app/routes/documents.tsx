import { IconFiles } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function DocumentsPage() {
  return (
    <ScreenPlaceholder
      title="Documents"
      description="Contracts, estimates, invoices, permits and reports by job."
      icon={<IconFiles size={28} />}
      emptyTitle="Your documents"
      emptyText="Documents you upload or generate for your jobs will be listed here."
    />
  );
}
