import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { ApiRequestError } from '../../../lib/api-client';
import { errorReason } from '../../../lib/error-reason';
import { askAssistant } from '../api/ask-assistant';
import { useAssistantGroup } from '../api/groups';
import { getConversation } from '../api/get-conversation';
import { useAssistantInit } from '../api/get-init';
import { assistantKeys } from '../api/keys';
import { useSendFeedback } from '../api/send-feedback';
import { chatReducer, emptyChat, type ChatMessage, type Feedback } from '../lib/chat-state';
import { readSavedChat, writeSavedChat } from '../lib/saved-chat';

let keySeq = 0;
const nextKey = () => `m${++keySeq}`;

/**
 * One user's assistant conversation (spec 000 §2, §4): continues the saved conversation (a failed load starts over,
 * §8), asks with the answer streamed in, rates answers, and switches between the general and a group's assistant
 * (either clears the messages and the conversation). An answer still arriving is abandoned on unmount.
 */
export function useAssistantChat({ userId, workspaceId }: { userId: string; workspaceId: string }) {
  const queryClient = useQueryClient();
  const [saved] = useState(() => readSavedChat(userId, workspaceId));
  const [chat, dispatch] = useReducer(chatReducer, emptyChat());
  const [isHydrated, setHydrated] = useState(!saved.conversationId);
  const [groupId, setGroupId] = useState(saved.groupId);
  const [isSending, setSending] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  const latest = useRef({ chat, groupId });
  useEffect(() => {
    latest.current = { chat, groupId };
  });

  // The saved conversation, back from the server with its feedback.
  useEffect(() => {
    if (!saved.conversationId) return;
    const controller = new AbortController();
    getConversation(saved.conversationId, { signal: controller.signal })
      .then((c) => dispatch({ type: 'loaded', conversationId: c.id, messages: c.messages }))
      .catch(() => {
        if (!controller.signal.aborted) dispatch({ type: 'reset', conversationId: null });
      })
      .finally(() => {
        if (!controller.signal.aborted) setHydrated(true);
      });
    return () => controller.abort();
  }, [saved.conversationId]);

  // An empty chat shows the suggested questions, and takes init's conversation when it has none.
  const needsInit = isHydrated && chat.messages.length === 0;
  const init = useAssistantInit(workspaceId, needsInit);
  const initConversationId = init.data?.conversation_id;
  useEffect(() => {
    if (needsInit && !latest.current.chat.conversationId && initConversationId) dispatch({ type: 'reset', conversationId: initConversationId });
  }, [needsInit, initConversationId]);

  useEffect(() => {
    if (isHydrated) writeSavedChat(userId, workspaceId, { conversationId: chat.conversationId, groupId });
  }, [isHydrated, userId, workspaceId, chat.conversationId, groupId]);

  useEffect(() => () => inFlight.current?.abort(), []);

  const group = useAssistantGroup(groupId);

  const send = useCallback(
    (text: string): boolean => {
      const query = text.trim();
      if (!query || inFlight.current) return false;
      const controller = new AbortController();
      inFlight.current = controller;
      setSending(true);
      const questionKey = nextKey();
      const answerKey = nextKey();
      dispatch({ type: 'asked', question: query, questionKey, answerKey });
      const { chat: current, groupId: scope } = latest.current;
      askAssistant(
        { query, workspace_id: workspaceId, conversation_id: current.conversationId, include_sources: true, ...(scope ? { group_id: scope } : {}) },
        {
          signal: controller.signal,
          onStart: (e) => dispatch({ type: 'started', answerKey, conversationId: e.conversation_id, sources: e.sources }),
          onDelta: (text) => dispatch({ type: 'delta', answerKey, text }),
        },
      )
        .then((r) => dispatch({ type: 'answered', answerKey, conversationId: r.conversation_id, answer: r.answer, sources: r.sources, messageIndex: r.message_index }))
        .catch((err: unknown) => {
          if (controller.signal.aborted) return dispatch({ type: 'cancelled', answerKey });
          console.error('The assistant could not answer', err);
          dispatch({ type: 'failed', answerKey });
        })
        .finally(() => {
          if (inFlight.current !== controller) return;
          inFlight.current = null;
          setSending(false);
        });
      return true;
    },
    [workspaceId],
  );

  const retry = useCallback(
    (message: ChatMessage) => {
      if (!message.question || inFlight.current) return;
      dispatch({ type: 'retrying', errorKey: message.key });
      send(message.question);
    },
    [send],
  );

  const feedback = useSendFeedback();
  const rate = useCallback(
    (message: ChatMessage, value: Feedback) => {
      const conversationId = latest.current.chat.conversationId;
      if (message.index === null || !conversationId || message.feedback === value) return;
      const previous = message.feedback;
      dispatch({ type: 'rated', key: message.key, feedback: value });
      feedback.mutate(
        { conversation_id: conversationId, message_index: message.index, rating: value === 'positive' ? 5 : 1 },
        {
          onError: (err) => {
            dispatch({ type: 'rated', key: message.key, feedback: previous });
            toast.error(`Failed to save your feedback: ${errorReason(err)}`);
          },
        },
      );
    },
    [feedback],
  );

  /** General (null) or a group's assistant: a new conversation either way (spec 000 §4). */
  const selectGroup = useCallback(
    (id: string | null) => {
      inFlight.current?.abort();
      // init's conversation belonged to the chat that ends here: the next empty chat gets a fresh one.
      void queryClient.resetQueries({ queryKey: assistantKeys.init(workspaceId) });
      dispatch({ type: 'reset', conversationId: null });
      setGroupId(id);
    },
    [queryClient, workspaceId],
  );

  // A saved group that is gone (deleted, or the user left it) falls back to the general assistant.
  const groupMissing = group.error instanceof ApiRequestError && (group.error.status === 404 || group.error.status === 403);
  useEffect(() => {
    if (groupMissing) selectGroup(null);
  }, [groupMissing, selectGroup]);

  return {
    messages: chat.messages,
    isLoading: !isHydrated,
    init,
    groupId,
    group: group.data ?? null,
    isSending,
    send,
    retry,
    rate,
    selectGroup,
  };
}

export type AssistantChatModel = ReturnType<typeof useAssistantChat>;
