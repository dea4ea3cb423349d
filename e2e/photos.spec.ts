import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { PhotoList } from '@fieldbook/contract';
import { jpegWithExif } from '../apps/server/src/features/photos/photos.test-helpers';
import { setWorkspaceZone } from './support/schedule-data';
import { uniqueTag } from './support/unique';
import { createJob, createWorkSession, openAs, type WorkSession } from './support/work-data';

/**
 * Job photos in a browser (issue 35): a crew on a 390 px phone without a signal takes 10 photos on a job — each waits
 * in the offline queue — and when the network returns each arrives once, even the one whose answer was lost on the way
 * back; the grid shows them, one opens in the viewer (its EXIF time and place), two are compared. Screens go to WALK_SHOTS (default /tmp/look) to be looked at.
 */
const shots = process.env.WALK_SHOTS ?? '/tmp/look';
mkdirSync(shots, { recursive: true });
/** The whole page, or with a dialog open (`screen`) what is on the screen: a whole page puts the fixed header and the
 * dialog in the middle of it. */
const shot = (page: Page, name: string, screen = false) => page.screenshot({ path: `${shots}/photos-${name}.png`, fullPage: !screen });

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;
const COUNT = 10;
// Austin, Texas; the photos taken 09:00–09:09 on 14 March 2026, Central daylight time (UTC−5).
const AUSTIN = { lat: 30.2672, lng: -97.7431 };

/** Ten small JPEGs from a phone's camera: EXIF time with its offset and GPS, one minute apart. */
async function cameraPhotos() {
  return Promise.all(
    Array.from({ length: COUNT }, async (_, i) => ({
      name: `IMG_10${String(i).padStart(2, '0')}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await jpegWithExif({ width: 640, height: 480, taken: `2026:03:14 09:0${i}:00`, offset: '-05:00', ...AUSTIN }),
    })),
  );
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

test.describe('job photos on a phone', () => {
  test('10 photos taken offline at 390 px wait in the queue and arrive once each when back online; grid, viewer, compare', async ({ browser, request }) => {
    test.slow();
    const s = await createWorkSession(request);
    await setWorkspaceZone(s, 'America/Chicago');
    const job = await createJob(s, { client_name: `Maria Lopez ${uniqueTag()}`, property_address: '12 Oak Ave, Austin TX', title: 'Lopez roof' });
    const files = await cameraPhotos();

    const phone = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
    const page = await phone.newPage();
    const uploads: number[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/photos' && r.request().method() === 'POST') uploads.push(r.status());
    });
    await openAs(page, s, `/jobs/${job.id}`);
    const panel = page.getByRole('region', { name: 'Photos' });
    await expect(panel.getByText('No photos yet')).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    await expectNoSideways(page);
    await shot(page, '01-job-no-photos-390');

    await phone.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
    await panel.locator('input[type="file"][aria-label="Add photos"]').setInputFiles(files);
    // Each photo waits in the offline queue: the header counts them; nothing reached the server.
    await expect(page.getByRole('button', { name: `Pending changes: ${COUNT} pending` })).toBeVisible();
    expect(uploads).toEqual([]);
    expect(await jobPhotos(s, job.id)).toHaveLength(0);
    // The panel fits. (The page does not: with "10" pending the header's icons end at 397 px — reported, the shell's.)
    expect((await panel.boundingBox())!.x + (await panel.boundingBox())!.width).toBeLessThanOrEqual(390);
    await shot(page, '02-offline-queued-390');
    await page.getByRole('button', { name: `Pending changes: ${COUNT} pending` }).click();
    const waiting = page.getByRole('dialog', { name: 'Pending changes' }).getByTestId('pending-change');
    await expect(waiting).toHaveCount(COUNT);
    await expect(waiting.filter({ hasText: 'Photo IMG_1000.jpg' })).toContainText('Waiting');
    await shot(page, '03-offline-pending-list-390', true);
    await page.keyboard.press('Escape');

    // Back online with one bar: the first photo reaches the server but its answer is lost on the way back.
    let lost: (() => void) | undefined;
    const answerLost = new Promise<void>((resolve) => (lost = resolve));
    let firstStatus = 0;
    await page.route('**/api/photos', async (route) => {
      if (route.request().method() !== 'POST' || firstStatus !== 0) return route.continue();
      firstStatus = (await route.fetch()).status();
      await route.abort('connectionreset');
      lost!();
    });
    await phone.setOffline(false);
    await answerLost;
    expect(firstStatus, 'the server stored the first photo').toBe(201);
    expect(await jobPhotos(s, job.id)).toHaveLength(1);
    // The queue keeps it (it cannot know the server has it) and stops; the signal drops and comes back: all are sent.
    await expect(page.getByRole('button', { name: `Pending changes: ${COUNT} pending` })).toBeVisible();
    await page.unroute('**/api/photos');
    await phone.setOffline(true);
    await phone.setOffline(false);
    await expect(page.getByText(`Sync Complete: ${COUNT} changes synced`)).toBeVisible({ timeout: 45_000 });
    await expect(page.getByTestId('pending-changes')).toBeHidden();
    // Once each: ten uploads answered (the first one again, with the same key), ten photos on the server, each its own
    // EXIF minute and place.
    expect(uploads).toHaveLength(COUNT);
    expect(uploads.every((status) => status === 200 || status === 201), `upload answers ${uploads.join(', ')}`).toBe(true);
    const stored = await jobPhotos(s, job.id);
    expect(stored).toHaveLength(COUNT);
    expect(new Set(stored.map((p) => p.taken_at)).size).toBe(COUNT);
    expect(stored.map((p) => p.taken_at).sort()).toEqual(Array.from({ length: COUNT }, (_, i) => `2026-03-14T14:0${i}:00.000Z`));
    for (const p of stored) {
      expect(p.taken_at_source).toBe('exif');
      expect(p.latitude).toBeCloseTo(AUSTIN.lat, 3);
      expect(p.longitude).toBeCloseTo(AUSTIN.lng, 3);
      expect(p.stage).toBe('during');
    }

    // The grid shows the ten, with their thumbnails once the server has made them.
    const thumbs = panel.getByTestId('photo-thumb');
    await expect(thumbs).toHaveCount(COUNT);
    await expect(panel.locator('[data-testid="photo-thumb"] img')).toHaveCount(COUNT, { timeout: 30_000 });
    await expect.poll(() => panel.locator('[data-testid="photo-thumb"] img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)).toBe(COUNT);
    await expectNoSideways(page);
    await shot(page, '04-grid-390');

    // The newest (09:09) opens in the viewer with its time and place.
    await thumbs.first().click();
    const viewer = page.getByRole('dialog', { name: 'Photo' });
    await expect(viewer.getByText('Taken Mar 14, 2026, 9:09 AM')).toBeVisible();
    await expect(viewer.getByRole('link', { name: 'View the place on a map' })).toHaveAttribute('href', /query=30\.267/);
    await expect.poll(() => viewer.locator('img').first().evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(640);
    await shot(page, '05-viewer-390', true);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    // Compare two: the older on the left.
    await panel.getByRole('button', { name: 'Compare two photos' }).click();
    await expect(panel.getByText('Choose two photos to compare')).toBeVisible();
    await panel.getByRole('button', { name: /^Choose photo:/ }).nth(0).click();
    await panel.getByRole('button', { name: /^Choose photo:/ }).nth(COUNT - 1).click();
    await expect(panel.getByText('Two photos chosen')).toBeVisible();
    await panel.getByRole('button', { name: 'Compare', exact: true }).click();
    const compare = page.getByRole('dialog', { name: 'Compare photos' });
    await expect(compare.getByTestId('compare-label')).toHaveText(['During · Mar 14, 2026, 9:00 AM', 'During · Mar 14, 2026, 9:09 AM']);
    await expect.poll(() => compare.locator('img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)).toBe(2);
    await expectNoSideways(page);
    await shot(page, '06-compare-390', true);
    await page.keyboard.press('Escape');
    await expect(compare).toBeHidden();

    // Picking stays on after the slider closes (compare another pair); Cancel leaves it.
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel.getByRole('button', { name: 'Compare two photos' })).toBeVisible();

    // The same page widened to 1280 px (a window made wider, a tablet turned): the grid takes more photos a row.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(thumbs).toHaveCount(COUNT);
    const firstRow = () => thumbs.evaluateAll((cells) => cells.filter((c) => Math.abs(c.getBoundingClientRect().top - cells[0]!.getBoundingClientRect().top) < 2).length);
    await expect.poll(firstRow, { message: 'photos in the first row at 1280 px' }).toBeGreaterThan(6);
    await panel.scrollIntoViewIfNeeded();
    await expectNoSideways(page);
    await shot(page, '07-grid-1280');
    await thumbs.nth(3).click();
    await expect(viewer.getByText('Taken Mar 14, 2026, 9:06 AM')).toBeVisible();
    await shot(page, '08-viewer-1280', true);
    // Still ten after all of it.
    expect(await jobPhotos(s, job.id)).toHaveLength(COUNT);
    expect(uploads).toHaveLength(COUNT);
    await phone.close();
  });
});
