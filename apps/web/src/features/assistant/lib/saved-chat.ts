/**
 * Which conversation and group the user's assistant was on, kept in the browser per user and workspace, so the
 * widget, the /assistant page and a reload all continue the same conversation (loaded back from the server, feedback
 * included) — and a user who moves to another workspace does not get the previous workspace's conversation back.
 */
export type SavedChat = { conversationId: string | null; groupId: string | null };

const keyFor = (userId: string, workspaceId: string) => `fieldbook.assistant:${userId}:${workspaceId}`;
const isId = (v: unknown): v is string => typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v);

export function readSavedChat(userId: string, workspaceId: string): SavedChat {
  try {
    const parsed = JSON.parse(localStorage.getItem(keyFor(userId, workspaceId)) ?? '{}') as Record<string, unknown>;
    return { conversationId: isId(parsed.conversationId) ? parsed.conversationId : null, groupId: isId(parsed.groupId) ? parsed.groupId : null };
  } catch {
    return { conversationId: null, groupId: null };
  }
}

export function writeSavedChat(userId: string, workspaceId: string, saved: SavedChat): void {
  try {
    if (!saved.conversationId && !saved.groupId) localStorage.removeItem(keyFor(userId, workspaceId));
    else localStorage.setItem(keyFor(userId, workspaceId), JSON.stringify(saved));
  } catch {
    // Storage full or blocked (private mode): the chat works, it just starts fresh next time.
  }
}
