import { ASSISTANT_SEND_FAILED, type AssistantSource } from '@fieldbook/contract';
import { describe, expect, it } from 'vitest';
import { chatReducer, emptyChat, type ChatAction, type ChatState } from './chat-state';

const CONV = '00000000-0000-4000-8000-0000000000aa';
const source: AssistantSource = { type: 'task', similarity: 0.8, content: 'Fix gutters', metadata: { url: '/tasks/1' } };
const run = (actions: ChatAction[], from: ChatState = emptyChat(CONV)) => actions.reduce(chatReducer, from);
const ask = (n: number): ChatAction => ({ type: 'asked', question: `Q${n}`, questionKey: `q${n}`, answerKey: `a${n}` });

describe('chatReducer', () => {
  it('numbers a streamed exchange from the server’s message_index', () => {
    const s = run([ask(1), { type: 'started', answerKey: 'a1', conversationId: CONV, sources: [source] }, { type: 'delta', answerKey: 'a1', text: 'Gut' }, { type: 'delta', answerKey: 'a1', text: 'ters [1]' }]);
    expect(s.messages[1]).toMatchObject({ content: 'Gutters [1]', sources: [source], isPending: true, index: null });
    const done = chatReducer(s, { type: 'answered', answerKey: 'a1', conversationId: CONV, answer: 'Gutters [1].', messageIndex: 5 });
    expect(done.messages.map((m) => [m.role, m.index, m.content])).toEqual([
      ['user', 4, 'Q1'],
      ['assistant', 5, 'Gutters [1].'],
    ]);
    expect(done.storedCount).toBe(6);
    expect(done.messages[1]!.isPending).toBe(false);
  });

  it('counts indexes itself for answers without one (the plain query), after a loaded conversation', () => {
    const loaded = run([{ type: 'loaded', conversationId: CONV, messages: [
      { role: 'user', content: 'Q0', timestamp: 't', feedback: null, sources: [] },
      { role: 'assistant', content: 'A0', timestamp: 't', feedback: 'positive', sources: [] },
    ] }]);
    expect(loaded.messages.map((m) => [m.index, m.feedback])).toEqual([[0, null], [1, 'positive']]);
    const s = run([ask(1), { type: 'answered', answerKey: 'a1', conversationId: CONV, answer: 'A1', sources: [source], messageIndex: null }], loaded);
    expect(s.messages.slice(2).map((m) => [m.role, m.index, m.sources.length])).toEqual([['user', 2, 0], ['assistant', 3, 1]]);
    expect(s.storedCount).toBe(4);
  });

  it('turns a failed answer into the error message, stores nothing, and Retry takes the failed exchange out', () => {
    const failed = run([ask(1), { type: 'delta', answerKey: 'a1', text: 'half' }, { type: 'failed', answerKey: 'a1' }]);
    expect(failed.messages[1]).toMatchObject({ role: 'error', content: ASSISTANT_SEND_FAILED, question: 'Q1', questionKey: 'q1' });
    expect(failed.storedCount).toBe(0);
    const retried = run([{ type: 'retrying', errorKey: 'a1' }, ask(2), { type: 'answered', answerKey: 'a2', conversationId: CONV, answer: 'A', messageIndex: null }], failed);
    expect(retried.messages.map((m) => [m.content, m.index])).toEqual([['Q2', 0], ['A', 1]]);
  });

  it('drops a cancelled exchange and records feedback on one message', () => {
    const s = run([ask(1), { type: 'answered', answerKey: 'a1', conversationId: CONV, answer: 'A1', messageIndex: 1 }, ask(2), { type: 'cancelled', answerKey: 'a2' }, { type: 'rated', key: 'a1', feedback: 'negative' }]);
    expect(s.messages.map((m) => [m.key, m.feedback])).toEqual([['q1', null], ['a1', 'negative']]);
  });

  it('takes the conversation the server started (a first question without one)', () => {
    const s = run([ask(1), { type: 'started', answerKey: 'a1', conversationId: CONV, sources: [] }], emptyChat(null));
    expect(s.conversationId).toBe(CONV);
  });
});
