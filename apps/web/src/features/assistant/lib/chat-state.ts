import { ASSISTANT_SEND_FAILED, type AssistantMessage, type AssistantSource } from '@fieldbook/contract';

export type Feedback = 'positive' | 'negative';

/** A message as the chat shows it. `index` is its position in the stored conversation (what feedback names). */
export type ChatMessage = {
  key: string;
  role: 'user' | 'assistant' | 'error';
  content: string;
  sources: AssistantSource[];
  feedback: Feedback | null;
  index: number | null;
  /** An answer still being written (no text yet: "Thinking..."). */
  isPending?: boolean;
  /** An answer's or error's question (its user message), so Retry can ask it again. */
  questionKey?: string;
  question?: string;
};

/**
 * The chat of one conversation. `storedCount` is how many messages the server holds for it: a question and its
 * answer are stored together when the answer is finished, so the next answer's index is storedCount + 1.
 */
export type ChatState = { conversationId: string | null; storedCount: number; messages: ChatMessage[] };

export type ChatAction =
  | { type: 'loaded'; conversationId: string; messages: AssistantMessage[] }
  | { type: 'reset'; conversationId: string | null }
  | { type: 'asked'; question: string; questionKey: string; answerKey: string }
  | { type: 'started'; answerKey: string; conversationId: string; sources: AssistantSource[] }
  | { type: 'delta'; answerKey: string; text: string }
  | { type: 'answered'; answerKey: string; conversationId: string; answer: string; sources?: AssistantSource[]; messageIndex: number | null }
  | { type: 'failed'; answerKey: string }
  | { type: 'cancelled'; answerKey: string }
  | { type: 'retrying'; errorKey: string }
  | { type: 'rated'; key: string; feedback: Feedback | null };

export const emptyChat = (conversationId: string | null = null): ChatState => ({ conversationId, storedCount: 0, messages: [] });

const update = (state: ChatState, key: string, change: (m: ChatMessage) => ChatMessage): ChatState => ({
  ...state,
  messages: state.messages.map((m) => (m.key === key ? change(m) : m)),
});

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'loaded':
      return {
        conversationId: action.conversationId,
        storedCount: action.messages.length,
        messages: action.messages.map((m, index) => ({ key: `stored-${index}`, role: m.role, content: m.content, sources: m.sources, feedback: m.feedback, index })),
      };
    case 'reset':
      return emptyChat(action.conversationId);
    case 'asked':
      return {
        ...state,
        messages: [
          ...state.messages,
          { key: action.questionKey, role: 'user', content: action.question, sources: [], feedback: null, index: null },
          { key: action.answerKey, role: 'assistant', content: '', sources: [], feedback: null, index: null, isPending: true, questionKey: action.questionKey, question: action.question },
        ],
      };
    case 'started':
      return update({ ...state, conversationId: action.conversationId }, action.answerKey, (m) => ({ ...m, sources: action.sources }));
    case 'delta':
      return update(state, action.answerKey, (m) => ({ ...m, content: m.content + action.text }));
    case 'answered': {
      const index = action.messageIndex ?? state.storedCount + 1;
      const answer = state.messages.find((m) => m.key === action.answerKey);
      if (!answer) return state;
      return {
        conversationId: action.conversationId,
        storedCount: index + 1,
        messages: state.messages.map((m) => {
          if (m.key === action.answerKey) return { ...m, content: action.answer, sources: action.sources ?? m.sources, index, isPending: false };
          if (m.key === answer.questionKey) return { ...m, index: index - 1 };
          return m;
        }),
      };
    }
    case 'failed':
      // Nothing of a failed answer is stored: its partial text goes, the error takes its place (spec 000 §8).
      return update(state, action.answerKey, (m) => ({ ...m, role: 'error', content: ASSISTANT_SEND_FAILED, sources: [], isPending: false }));
    case 'cancelled': {
      const answer = state.messages.find((m) => m.key === action.answerKey);
      return { ...state, messages: state.messages.filter((m) => m.key !== action.answerKey && m.key !== answer?.questionKey) };
    }
    case 'retrying': {
      // The question is asked again as a new exchange: the failed one (question and error) leaves the list.
      const error = state.messages.find((m) => m.key === action.errorKey);
      return { ...state, messages: state.messages.filter((m) => m.key !== action.errorKey && m.key !== error?.questionKey) };
    }
    case 'rated':
      return update(state, action.key, (m) => ({ ...m, feedback: action.feedback }));
  }
}
