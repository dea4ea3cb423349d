import { IconMessageChatbot } from '@tabler/icons-react';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function AssistantPage() {
  return (
    <ScreenPlaceholder
      title="Assistant"
      description="Ask questions about your documents, calls and jobs, with cited sources."
      icon={<IconMessageChatbot size={28} />}
      emptyTitle="Ask the assistant"
      emptyText="Answers come from your own documents, calls and jobs, with their sources."
    />
  );
}
