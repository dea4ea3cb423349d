import { index, jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './_columns';
import { users } from './auth';
import { groups } from './groups';
import { workspaces } from './workspaces';

/** A message as stored: the API's AssistantMessage (spec 000 §3). */
export type StoredAssistantMessage = {
  role: 'user' | 'assistant' | 'error';
  content: string;
  timestamp: string;
  feedback: 'positive' | 'negative' | null;
  sources: { type: 'document' | 'recording' | 'job' | 'task'; similarity: number; content: string; metadata: Record<string, string | number | null> }[];
};

/** An assistant conversation: its owner's only (spec 000 §7 GET /api/assistant/conversations/{id}). */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    groupId: uuid().references(() => groups.id, { onDelete: 'set null' }),
    messages: jsonb().$type<StoredAssistantMessage[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('assistant_conversations_user_idx').on(t.userId, t.updatedAt.desc())],
);
