import type { AssistantMessage } from '@fieldbook/contract';
import { index, jsonb, pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/schema/_columns';
import { users } from '../auth/auth.schema';
import { groups } from '../groups/groups.schema';
import { workspaces } from '../workspaces/workspaces.schema';

/** A message as stored: the API's AssistantMessage (spec 000 §3), so what is read back is what the contract says. */
export type StoredAssistantMessage = AssistantMessage;

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
