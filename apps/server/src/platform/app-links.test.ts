import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp } from '../test/setup-app';

const FINGERPRINT = Array.from({ length: 32 }, (_, i) => (i * 7 + 16).toString(16).toUpperCase().padStart(2, '0')).join(':');
const SECOND = Array.from({ length: 32 }, () => 'AB').join(':');

describe('app-link association files (/.well-known)', () => {
  it('serve the configured Android package and fingerprints, and the iOS app ids', async () => {
    const ctx = await createTestApp({ ANDROID_APP_ID: 'app.fieldbook.mobile', ANDROID_CERT_FINGERPRINTS: `${FINGERPRINT}, ${SECOND}`, IOS_APP_IDS: 'ABCDE12345.app.fieldbook.mobile' });
    try {
      const android = await ctx.app.inject({ method: 'GET', url: '/.well-known/assetlinks.json' });
      expect(android.statusCode).toBe(200);
      expect(android.headers['content-type']).toContain('application/json');
      expect(android.json()).toEqual([
        {
          relation: ['delegate_permission/common.handle_all_urls'],
          target: { namespace: 'android_app', package_name: 'app.fieldbook.mobile', sha256_cert_fingerprints: [FINGERPRINT, SECOND] },
        },
      ]);
      const ios = await ctx.app.inject({ method: 'GET', url: '/.well-known/apple-app-site-association' });
      expect(ios.statusCode).toBe(200);
      expect(ios.headers['content-type']).toContain('application/json');
      expect(ios.json()).toEqual({
        applinks: { details: [{ appIDs: ['ABCDE12345.app.fieldbook.mobile'], components: [{ '/': '/invitation/*' }, { '/': '/accept-invitation*' }, { '/': '/group-invite/*' }] }] },
      });
    } finally {
      await ctx.close();
    }
  }, 120_000);

  it('are 404 when no app is configured (not the web app’s page)', async () => {
    const ctx = await createTestApp();
    try {
      for (const url of ['/.well-known/assetlinks.json', '/.well-known/apple-app-site-association']) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toContain('application/json');
      }
    } finally {
      await ctx.close();
    }
  }, 120_000);

  it('refuse a malformed fingerprint or app id at start', () => {
    expect(() => loadConfig({ ANDROID_CERT_FINGERPRINTS: 'AB:CD' })).toThrow(/SHA-256 fingerprint/);
    expect(() => loadConfig({ IOS_APP_IDS: 'app.fieldbook' })).toThrow(/iOS app id/);
    expect(() => loadConfig({ ANDROID_APP_ID: 'fieldbook' })).toThrow(/Android package name/);
    expect(loadConfig({}).appLinks).toEqual({ androidAppId: 'app.fieldbook.mobile', androidCertFingerprints: [], iosAppIds: [] });
  });
});
