import { UpdateSettingsBodySchema, UserSettingsSchema } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/auth-guard';
import type { FeatureDeps } from '../../platform/deps';
import { getUserSettings, updateUserSettings } from './settings.service';

/** The caller's own user_settings record (spec 001 §2 settings modal, §3 entity). */
export async function settingsRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/settings', { schema: { tags: ['settings'], summary: "The caller's settings (defaults until first saved)", response: { 200: UserSettingsSchema } } }, async (req) => {
    const actor = requireActor(req);
    return getUserSettings({ db: deps.db, userId: actor.userId });
  });

  api.put(
    '/settings',
    { schema: { tags: ['settings'], summary: 'Save any subset of the settings', body: UpdateSettingsBodySchema, response: { 200: UserSettingsSchema } } },
    async (req) => {
      const actor = requireActor(req);
      return updateUserSettings({ db: deps.db, userId: actor.userId, input: req.body });
    },
  );
}
