import { AssistantChat } from '../../features/assistant';

/** /assistant: the assistant's chat across the page (the floating widget stays away from here). */
export default function AssistantPage() {
  return <AssistantChat variant="page" />;
}
