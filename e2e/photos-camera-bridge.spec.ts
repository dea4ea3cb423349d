import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { PhotoList } from '@fieldbook/contract';
import { jpegWithExif } from '../apps/server/src/features/photos/photos.test-helpers';
import { installFakeBridge, type BridgeCall, type FakeBridge } from './support/fake-bridge';
import { setWorkspaceZone } from './support/schedule-data';
import { uniqueTag } from './support/unique';
import { createJob, createWorkSession, openAs, type WorkSession } from './support/work-data';

/**
 * Taking a job photo in the mobile app (issue 35: "in the app `@capacitor/camera` through the fake bridge in tests"),
 * pinned in Chromium with the fake native bridge as e2e/recorder-bridge.spec.ts pins the call recorder: the built app
 * runs as inside the Android shell with PluginHeaders listing Camera, so "Take photo" reaches
 * `nativePromise('Camera', 'getPhoto', …)`; the answer names a file the bridge serves at its webPath — a JPEG with EXIF
 * (time with its offset, GPS) written here, as a phone's camera writes it — and the photo goes the web's one way:
 * compressed, uploaded to the real server, on the job with the time it was taken. A refused camera says what to do.
 * 390 px. Screens go to WALK_SHOTS (default /tmp/look-photos-camera).
 */
test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });

const shots = process.env.WALK_SHOTS ?? '/tmp/look-photos-camera';
mkdirSync(shots, { recursive: true });

/** The methods of @capacitor/camera 8's native plugin (definitions.ts: CameraPlugin). */
const CAMERA_METHODS = ['getPhoto', 'pickImages', 'takePhoto', 'chooseFromGallery', 'recordVideo', 'playVideo', 'editPhoto', 'editURIPhoto', 'pickLimitedLibraryPhotos', 'getLimitedLibraryPhotos', 'checkPermissions', 'requestPermissions'];
// Austin, Texas; taken 09:00 on 14 March 2026, Central daylight time (UTC−5).
const AUSTIN = { lat: 30.2672, lng: -97.7431 };
const CACHE = '/data/user/0/app.fieldbook.mobile/cache';
const SHOT_NAME = 'JPEG_20260314_090000_4821.jpg';
/** Capacitor Android serves the app's files at its own origin under this prefix (Capacitor.convertFileSrc). */
const FILE_PREFIX = '/_capacitor_file_';
/** The first load of the job's page on a machine the whole team shares (load average 12–19 during these runs). */
const SLOW = { timeout: 30_000 };

/** What the native camera answers: a photo (its file served at webPath), or a rejection with the plugin's words. */
type Script = { failure: string | null };

function answerFrom(script: Script, page: Page) {
  return (call: BridgeCall): unknown => {
    if (call.plugin !== 'Camera') return undefined;
    if (call.method !== 'getPhoto') return undefined;
    if (script.failure) throw new Error(script.failure);
    // The legacy Android flow's answer for resultType 'uri' (LegacyCameraFlow.returnFileURI).
    return { format: 'jpeg', saved: false, path: `file://${CACHE}/${SHOT_NAME}`, webPath: `${new URL(page.url()).origin}${FILE_PREFIX}${CACHE}/${SHOT_NAME}`, exif: {} };
  };
}

async function jobPhotos(s: WorkSession, jobId: string): Promise<PhotoList['photos']> {
  const res = await s.request.get(`/api/jobs/${jobId}/photos?limit=200`, { headers: s.headers });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as PhotoList).photos;
}

/** No horizontal scrolling at the page's width. */
async function expectNoSideways(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), 'the page scrolls sideways').toBeLessThanOrEqual(width);
}

/** The job's page as inside the Android shell, the native camera answering from `script`; the photo's file on the "phone". */
async function openInApp(page: Page, s: WorkSession, jobId: string, script: Script, photo: Buffer): Promise<FakeBridge> {
  const bridge = await installFakeBridge(page, { plugins: [{ name: 'Camera', methods: CAMERA_METHODS }], answer: answerFrom(script, page) });
  await page.route(`**${FILE_PREFIX}${CACHE}/**`, (route) => route.fulfill({ status: 200, contentType: 'image/jpeg', body: photo }));
  await openAs(page, s, `/jobs/${jobId}`);
  return bridge;
}

test.describe('the phone’s camera over the native bridge', () => {
  test.slow(); // sign-in, an upload, the server's thumbnail

  test('Take photo: getPhoto from the camera as a file; its JPEG with EXIF goes the one upload path, and the photo is on the job with its taken time and place', async ({ page, request }) => {
    const s = await createWorkSession(request);
    await setWorkspaceZone(s, 'America/Chicago');
    const job = await createJob(s, { client_name: `Maria Lopez ${uniqueTag()}`, property_address: '12 Oak Ave, Austin TX', title: 'Lopez roof' });
    const photo = await jpegWithExif({ width: 1200, height: 900, taken: '2026:03:14 09:00:00', offset: '-05:00', ...AUSTIN });
    const uploads: number[] = [];
    const sentNames: boolean[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname !== '/api/photos' || r.request().method() !== 'POST') return;
      uploads.push(r.status());
      sentNames.push(r.request().postDataBuffer()?.includes(`filename="${SHOT_NAME}"`) ?? false);
    });
    const bridge = await openInApp(page, s, job.id, { failure: null }, photo);
    const panel = page.getByRole('region', { name: 'Photos' });
    await expect(panel.getByText('No photos yet')).toBeVisible(SLOW);
    await panel.locator('label').filter({ hasText: /^Before$/ }).click();
    // In the app the button is there on any screen (the phone's camera), not only where the pointer is coarse.
    await panel.getByRole('button', { name: 'Take photo' }).click();

    const call = await bridge.waitForCall('Camera', 'getPhoto');
    expect(call.options).toEqual({ source: 'CAMERA', resultType: 'uri', quality: 90, width: 2560, height: 2560, correctOrientation: true, saveToGallery: false });
    await expect.poll(async () => (await jobPhotos(s, job.id)).length, { timeout: 30_000 }).toBe(1);
    const [stored] = await jobPhotos(s, job.id);
    // The EXIF reached the server: the time with its offset, the place; the stage chosen; the whole photo.
    expect(stored!.taken_at).toBe('2026-03-14T14:00:00.000Z');
    expect(stored!.taken_at_source).toBe('exif');
    expect(stored!.latitude).toBeCloseTo(AUSTIN.lat, 3);
    expect(stored!.longitude).toBeCloseTo(AUSTIN.lng, 3);
    expect(stored!.stage).toBe('before');
    expect([stored!.content_type, stored!.width, stored!.height]).toEqual(['image/jpeg', 1200, 900]);
    // The web's one upload path (the queue's item, its Uploaded), once.
    await expect(panel.getByTestId('upload-item')).toContainText('Uploaded');
    expect(uploads).toEqual([201]);
    expect(sentNames, 'sent under the camera file’s name').toEqual([true]);
    expect((await bridge.calls({ plugin: 'Camera' })).map((c) => c.method)).toEqual(['getPhoto']);

    // On the job: the thumbnail once the server made it, then the viewer with when and where it was taken.
    const thumbs = panel.getByTestId('photo-thumb');
    await expect(thumbs).toHaveCount(1);
    await expect(panel.locator('[data-testid="photo-thumb"] img')).toHaveCount(1, { timeout: 30_000 });
    await expect.poll(() => panel.locator('[data-testid="photo-thumb"] img').evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await panel.scrollIntoViewIfNeeded();
    await expectNoSideways(page);
    await page.screenshot({ path: `${shots}/camera-01-taken-390.png`, fullPage: true });
    await thumbs.first().click();
    const viewer = page.getByRole('dialog', { name: 'Photo' });
    await expect(viewer.getByText('Taken Mar 14, 2026, 9:00 AM')).toBeVisible();
    await expect(viewer.getByRole('link', { name: 'View the place on a map' })).toHaveAttribute('href', /query=30\.267/);
    await page.screenshot({ path: `${shots}/camera-02-viewer-390.png` });
  });

  test('a refused camera says how to allow it, and nothing is sent; a cancelled one says nothing', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const job = await createJob(s, { client_name: `Maria Lopez ${uniqueTag()}`, property_address: '12 Oak Ave, Austin TX', title: 'Lopez roof' });
    const script: Script = { failure: 'User denied access to camera' };
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/photos' && posts.push(r.url()));
    const bridge = await openInApp(page, s, job.id, script, Buffer.alloc(0));
    const panel = page.getByRole('region', { name: 'Photos' });
    await expect(panel.getByText('No photos yet')).toBeVisible(SLOW);
    await panel.getByRole('button', { name: 'Take photo' }).click();
    await bridge.waitForCall('Camera', 'getPhoto');
    const alert = panel.getByRole('alert');
    await expect(alert).toHaveText('Fieldbook may not use the camera. Allow the camera for Fieldbook in your phone’s settings, then tap Take photo again.');
    await alert.scrollIntoViewIfNeeded();
    await expectNoSideways(page);
    await page.screenshot({ path: `${shots}/camera-03-denied-390.png`, fullPage: true });

    // Cancelled in the camera (Android's words): the message goes, nothing is said or sent.
    script.failure = 'User cancelled photos app';
    await panel.getByRole('button', { name: 'Take photo' }).click();
    await expect(alert).toHaveCount(0);
    await expect.poll(async () => (await bridge.calls({ plugin: 'Camera', method: 'getPhoto' })).length).toBe(2);
    expect(posts).toEqual([]);
    expect(await jobPhotos(s, job.id)).toHaveLength(0);
  });
});
