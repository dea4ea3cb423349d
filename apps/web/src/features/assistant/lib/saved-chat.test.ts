import { afterEach, describe, expect, it } from 'vitest';
import { readSavedChat, writeSavedChat } from './saved-chat';

const USER = '00000000-0000-4000-8000-000000000001';
const CONV = '00000000-0000-4000-8000-0000000000aa';
const WS = '00000000-0000-4000-8000-0000000000b1';
const OTHER_WS = '00000000-0000-4000-8000-0000000000b2';

afterEach(() => localStorage.clear());

describe('saved chat', () => {
  it('round-trips per user and forgets an empty one', () => {
    writeSavedChat(USER, WS, { conversationId: CONV, groupId: null });
    expect(readSavedChat(USER, WS)).toEqual({ conversationId: CONV, groupId: null });
    expect(readSavedChat('00000000-0000-4000-8000-000000000002', WS)).toEqual({ conversationId: null, groupId: null });
    writeSavedChat(USER, WS, { conversationId: null, groupId: null });
    expect(localStorage.getItem(`fieldbook.assistant:${USER}:${WS}`)).toBeNull();
  });

  it('keeps one per workspace: another workspace of the same user starts without it', () => {
    writeSavedChat(USER, WS, { conversationId: CONV, groupId: null });
    expect(readSavedChat(USER, OTHER_WS)).toEqual({ conversationId: null, groupId: null });
    expect(readSavedChat(USER, WS)).toEqual({ conversationId: CONV, groupId: null });
  });

  it('ignores what is not an id (a hand-edited or old value)', () => {
    localStorage.setItem(`fieldbook.assistant:${USER}:${WS}`, JSON.stringify({ conversationId: '../x', groupId: 7 }));
    expect(readSavedChat(USER, WS)).toEqual({ conversationId: null, groupId: null });
    localStorage.setItem(`fieldbook.assistant:${USER}:${WS}`, '{not json');
    expect(readSavedChat(USER, WS)).toEqual({ conversationId: null, groupId: null });
  });
});
