import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { AssistantChatProps } from './assistant-chat';

// The chat (messages, sources, streaming client) loads when the assistant is first opened: every signed-in page
// carries the floating button, not the chat behind it.
const Chat = lazy(() => import('./assistant-chat').then((m) => ({ default: m.AssistantChat })));

export function LazyAssistantChat(props: AssistantChatProps) {
  return (
    <Suspense
      fallback={
        <Center p="xl">
          <Loader size="sm" aria-label="Loading the assistant" />
        </Center>
      }
    >
      <Chat {...props} />
    </Suspense>
  );
}
