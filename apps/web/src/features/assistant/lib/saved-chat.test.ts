import { afterEach, describe, expect, it } from 'vitest';
import { readSavedChat, writeSavedChat } from './saved-chat';

const USER = '00000000-0000-4000-8000-000000000001';
const CONV = '00000000-0000-4000-8000-0000000000aa';

afterEach(() => localStorage.clear());

describe('saved chat', () => {
  it('round-trips per user and forgets an empty one', () => {
    writeSavedChat(USER, { conversationId: CONV, groupId: null });
    expect(readSavedChat(USER)).toEqual({ conversationId: CONV, groupId: null });
    expect(readSavedChat('00000000-0000-4000-8000-000000000002')).toEqual({ conversationId: null, groupId: null });
    writeSavedChat(USER, { conversationId: null, groupId: null });
    expect(localStorage.length).toBe(0);
  });

  it('ignores what is not an id (a hand-edited or old value)', () => {
    localStorage.setItem(`fieldbook.assistant:${USER}`, JSON.stringify({ conversationId: '../x', groupId: 7 }));
    expect(readSavedChat(USER)).toEqual({ conversationId: null, groupId: null });
    localStorage.setItem(`fieldbook.assistant:${USER}`, '{not json');
    expect(readSavedChat(USER)).toEqual({ conversationId: null, groupId: null });
  });
});
