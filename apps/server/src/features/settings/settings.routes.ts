import { settingsEndpoints } from '@fieldbook/contract';
import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../platform/deps';
import { route } from '../../platform/endpoint';
import { getUserSettings, updateUserSettings } from './settings.service';

/** The caller's own user_settings record (spec 001 §2 settings modal, §3 entity), and the client's configuration. */
export async function settingsRoutes(app: FastifyInstance, deps: FeatureDeps): Promise<void> {
  const { db, config } = deps;

  route(app, settingsEndpoints.get, async ({ actor }) => getUserSettings({ db, userId: actor.userId }));

  route(app, settingsEndpoints.update, async ({ actor, body }) =>
    updateUserSettings({ db, userId: actor.userId, input: body, allowedApiOrigins: config.apiAllowedOrigins }),
  );

  // The APK URL goes to the browser as configured: the /download page links straight to the release host (see
  // apps/web/src/features/download/components/apk-download.tsx for why there is no redirect or proxy route here).
  route(app, settingsEndpoints.clientConfig, async () => ({
    api_origins: config.apiAllowedOrigins,
    android_apk_url: config.androidApkUrl,
    app_store_url: config.storeLinks.appStore,
    google_play_url: config.storeLinks.googlePlay,
  }));
}
