import { IconMicrophone } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function RecordingsPage() {
  return (
    <ScreenPlaceholder
      title="Recordings"
      description="Call recordings with their transcripts."
      icon={<IconMicrophone size={28} />}
      emptyTitle="Your recordings"
      emptyText="Calls recorded with the Fieldbook mobile app will be listed here."
    />
  );
}
