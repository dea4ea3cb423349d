import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** The web paths the phone app opens itself (an invitation link, by token or by id). */
export const APP_LINK_PATHS = ['/invitation/*', '/accept-invitation*', '/group-invite/*'];

/**
 * The association files that let the phone apps open this server's links (issue 26), from configuration:
 * /.well-known/assetlinks.json (Android's verified App Links: the package and its signing certificates' SHA-256
 * fingerprints, ANDROID_APP_ID / ANDROID_CERT_FINGERPRINTS) and /.well-known/apple-app-site-association (iOS universal
 * links, IOS_APP_IDS). A file whose app is not configured is a 404, never an empty association.
 */
export function appLinksRoutes(app: FastifyInstance, config: Pick<Config, 'appLinks'>): void {
  const { androidAppId, androidCertFingerprints, iosAppIds } = config.appLinks;
  app.get('/.well-known/assetlinks.json', async (_req, reply) => {
    if (androidCertFingerprints.length === 0) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'No Android app is configured' } });
    return reply.header('cache-control', 'public, max-age=3600').send([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: { namespace: 'android_app', package_name: androidAppId, sha256_cert_fingerprints: androidCertFingerprints },
      },
    ]);
  });
  app.get('/.well-known/apple-app-site-association', async (_req, reply) => {
    if (iosAppIds.length === 0) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'No iOS app is configured' } });
    // Served as JSON without a file extension, as Apple fetches it.
    return reply
      .type('application/json')
      .header('cache-control', 'public, max-age=3600')
      .send({ applinks: { details: [{ appIDs: iosAppIds, components: APP_LINK_PATHS.map((path) => ({ '/': path })) }] } });
  });
}
