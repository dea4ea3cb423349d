import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupAssistants } from './group-assistants.schema';

export type ActiveGroupAssistant = { model: string | null; name: string; persona: string; specialization: string; systemPrompt: string };

/**
 * The group's assistant when it answers for the group (is_active), for the assistant's answers: its configuration
 * and the fine-tuned model to ask (null: never trained, the configured chat model). A retraining in progress or one
 * that failed keeps the last trained model answering — it is still a model trained on the group's examples, and
 * has_model says so on the admin screen.
 * Null when the group has no assistant or it is switched off.
 */
export async function activeGroupAssistant(db: Db, groupId: string): Promise<ActiveGroupAssistant | null> {
  const [row] = await db
    .select({
      isActive: groupAssistants.isActive,
      modelId: groupAssistants.modelId,
      name: groupAssistants.name,
      persona: groupAssistants.persona,
      specialization: groupAssistants.specialization,
      systemPrompt: groupAssistants.systemPrompt,
    })
    .from(groupAssistants)
    .where(eq(groupAssistants.groupId, groupId))
    .limit(1);
  if (!row?.isActive) return null;
  return {
    model: row.modelId,
    name: row.name,
    persona: row.persona,
    specialization: row.specialization,
    systemPrompt: row.systemPrompt,
  };
}
