import { IconFileText } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function DocumentDetailPage() {
  return (
    <ScreenPlaceholder
      title="Document"
      description="One document with its preview and details."
      icon={<IconFileText size={28} />}
      emptyTitle="Document details"
      emptyText="The document's preview, type and status appear here."
    />
  );
}
