import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { GALLERY_REVOKED, type Photo, type PhotoList, type PublicGallery } from '@fieldbook/contract';
import exifr from 'exifr';
import { jpegWithExif } from '../apps/server/src/features/photos/photos.test-helpers';
import { setWorkspaceZone } from './support/schedule-data';
import { uniqueDigits, uniqueTag } from './support/unique';
import { createJob, createWorkSession, openAs, type WorkSession } from './support/work-data';

/**
 * Issue 35's "done when", as a new user meets it: a crew on a 390 px phone photographs a roof before and after, opens
 * the After photo and marks the damage (a freehand stroke, an arrow, a word — real pointer moves); the server keeps
 * the markup and draws it, and the grid shows the marked-up thumbnail. The office at 1280 px chooses both photos, makes
 * the photo report (a PDF on the job: its text carries the claim number and the caption) and shares a 30-day gallery;
 * the adjuster, on a phone without an account, opens the link, sees the company, the job and both photos — images with
 * no GPS in them — and, once the office revokes the link, is told so. Screens go to WALK_SHOTS (default
 * /tmp/look-photos) to be looked at.
 */
const shots = process.env.WALK_SHOTS ?? '/tmp/look-photos';
mkdirSync(shots, { recursive: true });
/** The whole page, or with a dialog open (`screen`) what is on the screen. */
const shot = (page: Page, name: string, screen = false) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: !screen });
/** An open dialog as it is seen, once its opening transition has ended (mid-fade it is half see-through). */
async function shotDialog(page: Page, name: string) {
  await expect(page.locator('.mantine-Modal-content')).toHaveCSS('opacity', '1');
  await expect(page.locator('.mantine-Modal-overlay')).toHaveCSS('opacity', '1');
  await shot(page, name, true);
}

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;
const DESKTOP = { viewport: { width: 1280, height: 800 } } as const;
const AUSTIN = { lat: 30.2672, lng: -97.7431 };
const CAPTION = 'Hail damage at the ridge, north slope';

async function jobPhotos(s: WorkSession, jobId: string): Promise<Photo[]> {
  const res = await s.request.get(`/api/jobs/${jobId}/photos?limit=200`, { headers: s.headers });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as PhotoList).photos;
}

async function getPhoto(s: WorkSession, id: string): Promise<Photo> {
  const res = await s.request.get(`/api/photos/${id}`, { headers: s.headers });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as Photo;
}

/** No horizontal scrolling at the page's width, nor inside an open dialog. */
async function expectNoSideways(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), 'the page scrolls sideways').toBeLessThanOrEqual(width);
  const overflowing = await page.evaluate(() =>
    Array.from(document.querySelectorAll('[role="dialog"], .mantine-Modal-body')).filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.className),
  );
  expect(overflowing, 'a dialog scrolls sideways').toEqual([]);
}

/** Every image of `scope` loaded (naturalWidth > 0). */
async function expectImagesLoaded(scope: Locator, count: number) {
  await expect.poll(() => scope.locator('img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)).toBe(count);
}

/** A drag with real pointer moves (down, `steps` moves along the way, up) between two points of a box, in fractions. */
async function drag(page: Page, box: { x: number; y: number; width: number; height: number }, points: [number, number][]) {
  const at = ([fx, fy]: [number, number]) => [box.x + fx * box.width, box.y + fy * box.height] as const;
  await page.mouse.move(...at(points[0]!));
  await page.mouse.down();
  for (const p of points.slice(1)) await page.mouse.move(...at(p), { steps: 6 });
  await page.mouse.up();
}

test.describe('photo output: markup, report and gallery', () => {
  test('a crew photographs a roof before and after and marks the damage; the office sends the adjuster a photo report and a gallery link', async ({ browser, request }) => {
    test.slow();
    const s = await createWorkSession(request);
    await setWorkspaceZone(s, 'America/Chicago');
    const claim = `CLM-${uniqueDigits(6)}`;
    const job = await createJob(s, { client_name: `Dana Whitfield ${uniqueTag()}`, property_address: '48 Cedar Ln, Austin TX', title: 'Whitfield hail roof', claim_number: claim });
    const before = { name: 'IMG_2001.jpg', mimeType: 'image/jpeg', buffer: await jpegWithExif({ width: 800, height: 600, taken: '2026:03:14 09:00:00', offset: '-05:00', ...AUSTIN }) };
    const after = { name: 'IMG_2002.jpg', mimeType: 'image/jpeg', buffer: await jpegWithExif({ width: 800, height: 600, taken: '2026:03:16 15:30:00', offset: '-05:00', ...AUSTIN }) };

    // ── The crew, on a phone ──────────────────────────────────────────────────────────────────────────────────────
    const crew = await browser.newContext(PHONE);
    const phone = await crew.newPage();
    await openAs(phone, s, `/jobs/${job.id}`);
    const panel = phone.getByRole('region', { name: 'Photos' });
    await expect(panel.getByText('No photos yet')).toBeVisible();
    const input = panel.locator('input[type="file"][aria-label="Add photos"]');
    await panel.locator('label').filter({ hasText: /^Before$/ }).click();
    await input.setInputFiles(before);
    await expect.poll(async () => (await jobPhotos(s, job.id)).map((p) => p.stage)).toEqual(['before']);
    await panel.locator('label').filter({ hasText: /^After$/ }).click();
    await input.setInputFiles(after);
    await expect.poll(async () => (await jobPhotos(s, job.id)).map((p) => p.stage).sort()).toEqual(['after', 'before']);
    const stored = await jobPhotos(s, job.id);
    const afterPhoto = stored.find((p) => p.stage === 'after')!;
    const beforePhoto = stored.find((p) => p.stage === 'before')!;
    expect(afterPhoto.latitude).toBeCloseTo(AUSTIN.lat, 3);

    const thumbs = panel.getByTestId('photo-thumb');
    await expect(thumbs).toHaveCount(2);
    await expect(panel.locator('[data-testid="photo-thumb"] img')).toHaveCount(2, { timeout: 30_000 });
    await expectImagesLoaded(thumbs, 2);
    await panel.scrollIntoViewIfNeeded();
    await expectNoSideways(phone);
    await shot(phone, 'output-01-crew-grid-390');

    // The After photo: a caption, then Mark up.
    await panel.getByRole('button', { name: 'Open photo: After photo' }).click();
    const viewer = phone.getByRole('dialog', { name: 'Photo' });
    await expect(viewer.getByText('Taken Mar 16, 2026, 3:30 PM')).toBeVisible();
    await viewer.getByRole('textbox', { name: 'Caption' }).fill(CAPTION);
    await viewer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(phone.getByText('Photo saved')).toBeVisible();
    await expect.poll(async () => (await getPhoto(s, afterPhoto.id)).caption).toBe(CAPTION);
    await viewer.getByRole('button', { name: 'Mark up' }).click();
    const canvas = viewer.getByRole('img', { name: 'Markup canvas' });
    await expect(canvas).toBeVisible();
    await expect.poll(() => viewer.locator('img').first().evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(800);
    await expectNoSideways(phone);
    await shotDialog(phone, 'output-02-markup-editor-390');
    const box = (await canvas.boundingBox())!;
    // Draw (the default tool): a ring round the damage.
    await drag(phone, box, [
      [0.3, 0.3],
      [0.45, 0.25],
      [0.55, 0.35],
      [0.5, 0.5],
      [0.35, 0.5],
      [0.28, 0.38],
    ]);
    await viewer.getByRole('button', { name: 'Arrow' }).click();
    await drag(phone, box, [
      [0.85, 0.85],
      [0.55, 0.5],
    ]);
    await viewer.getByRole('button', { name: 'Text', exact: true }).click();
    await viewer.getByRole('textbox', { name: 'Text' }).fill('Hail');
    await canvas.click({ position: { x: box.width * 0.65, y: box.height * 0.2 } });
    await expect(canvas.locator('path')).not.toHaveCount(0);
    await expect(canvas.locator('text')).toHaveText(['Hail']);
    await shotDialog(phone, 'output-03-markup-drawn-390');
    await viewer.getByRole('button', { name: 'Save markup' }).click();
    await expect(phone.getByText('Markup saved')).toBeVisible();
    // The viewer shows the photo with its markup over it.
    await expect(viewer.getByRole('img', { name: 'Markup', exact: true })).toBeVisible();
    await expect(viewer.getByRole('img', { name: 'Markup', exact: true }).locator('text')).toHaveText(['Hail']);
    await shotDialog(phone, 'output-04-viewer-marked-390');
    // The server has it: the three shapes, the stroke with the points the moves made.
    const marked = await getPhoto(s, afterPhoto.id);
    expect(marked.markup?.shapes.map((shape) => shape.type)).toEqual(['freehand', 'arrow', 'text']);
    const stroke = marked.markup!.shapes[0]!;
    expect(stroke.type === 'freehand' && stroke.points.length).toBeGreaterThan(10);
    expect(marked.markup!.shapes[2]).toMatchObject({ type: 'text', text: 'Hail' });
    await phone.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    // Once the render job has drawn it, the grid shows the marked-up thumbnail (no reload).
    await expect.poll(async () => (await getPhoto(s, afterPhoto.id)).markup?.render_status, { timeout: 30_000 }).toBe('ready');
    const afterThumb = panel.getByRole('button', { name: `Open photo: ${CAPTION}` }).locator('img');
    await expect(afterThumb).toHaveAttribute('src', /\/marked_thumbnail\//, { timeout: 15_000 });
    await expectImagesLoaded(thumbs, 2);
    await shot(phone, 'output-05-crew-grid-marked-390');

    // ── The office, at a desk ─────────────────────────────────────────────────────────────────────────────────────
    const office = await browser.newContext({ ...DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });
    const desk = await office.newPage();
    await openAs(desk, s, `/jobs/${job.id}`);
    const deskPanel = desk.getByRole('region', { name: 'Photos' });
    await expect(deskPanel.getByTestId('photo-thumb')).toHaveCount(2);
    await deskPanel.getByRole('button', { name: 'Select photos' }).click();
    await expect(deskPanel.getByText('Tap photos to choose them')).toBeVisible();
    await deskPanel.getByRole('button', { name: /^Choose photo:/ }).nth(0).click();
    await deskPanel.getByRole('button', { name: /^Choose photo:/ }).nth(1).click();
    await expect(deskPanel.getByText('2 photos chosen')).toBeVisible();
    await deskPanel.scrollIntoViewIfNeeded();
    await shot(desk, 'output-06-office-chosen-1280');
    await deskPanel.getByRole('button', { name: 'Create report' }).click();
    const reportDialog = desk.getByRole('dialog', { name: 'Create photo report' });
    await expect(reportDialog.getByText('Chosen photos (2)')).toBeVisible();
    await shotDialog(desk, 'output-07-report-dialog-1280');
    await reportDialog.getByRole('button', { name: 'Create photo report' }).click();
    await expect(reportDialog).toBeHidden();
    const reports = desk.getByRole('region', { name: 'Photo reports' });
    await expect(reports.getByText('Ready')).toBeVisible({ timeout: 60_000 });
    await expect(reports.getByText('2 photos')).toBeVisible();
    await reports.scrollIntoViewIfNeeded();
    await shot(desk, 'output-08-report-ready-1280');
    await reports.getByRole('link').first().click();
    await expect(desk).toHaveURL(/\/documents\/[0-9a-f-]{36}$/);
    const documentId = desk.url().split('/').pop()!;
    await expect(desk.getByText('Photo report — Whitfield hail roof').first()).toBeVisible();
    await shot(desk, 'output-09-report-document-1280');
    // The PDF itself, over HTTP: the claim number on the cover and the caption beside its photo.
    const pdf = await request.get(`/api/documents/${documentId}/content`, { headers: s.headers });
    expect(pdf.ok(), `the report's PDF: ${pdf.status()}`).toBe(true);
    const bytes = await pdf.body();
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { extractText, getDocumentProxy } = await import('unpdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    expect(text).toContain(claim);
    expect(text).toContain(CAPTION);

    // Share gallery: both photos, 30 days, for the adjuster; Copy link.
    await desk.goto(`/jobs/${job.id}`);
    await expect(deskPanel.getByTestId('photo-thumb')).toHaveCount(2);
    await deskPanel.getByRole('button', { name: 'Select photos' }).click();
    await deskPanel.getByRole('button', { name: /^Choose photo:/ }).nth(0).click();
    await deskPanel.getByRole('button', { name: /^Choose photo:/ }).nth(1).click();
    await expect(deskPanel.getByText('2 photos chosen')).toBeVisible();
    await deskPanel.getByRole('button', { name: 'Share gallery' }).click();
    const share = desk.getByRole('dialog', { name: 'Share gallery' });
    await expect(share.getByText('Chosen photos (2)')).toBeVisible();
    await expect(share.getByRole('radio', { name: '30 days' })).toBeChecked();
    await share.getByRole('textbox', { name: /^For/ }).fill('Adjuster — Gulf Mutual');
    await shotDialog(desk, 'output-10-share-dialog-1280');
    await share.getByRole('button', { name: 'Create link' }).click();
    const linkBox = share.getByRole('textbox', { name: 'Gallery link' });
    await expect(linkBox).toHaveValue(/\/g\/[^/]+$/);
    const link = await linkBox.inputValue();
    await share.getByRole('button', { name: 'Copy link' }).click();
    await expect(share.getByText('Link copied.')).toBeVisible();
    expect(await desk.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await shotDialog(desk, 'output-11-share-link-1280');
    await share.getByRole('button', { name: 'Done' }).click();
    const galleries = desk.getByRole('region', { name: 'Shared galleries' });
    await expect(galleries.getByText('Live')).toBeVisible();

    // ── The adjuster, on a phone, no account ──────────────────────────────────────────────────────────────────────
    const token = new URL(link).pathname.split('/').pop()!;
    const shown = (await (await request.get(`/api/public/galleries/${token}`)).json()) as PublicGallery;
    const adjuster = await browser.newContext(PHONE);
    const guest = await adjuster.newPage();
    await guest.goto(new URL(link).pathname);
    await expect(guest.getByText(shown.company, { exact: true })).toBeVisible();
    await expect(guest.getByRole('heading', { name: 'Whitfield hail roof' })).toBeVisible();
    await expect(guest.getByText('48 Cedar Ln, Austin TX')).toBeVisible();
    const tiles = guest.getByRole('button', { name: /^Open photo:/ });
    await expect(tiles).toHaveCount(2);
    await expect(guest.getByRole('button', { name: `Open photo: ${CAPTION}` })).toBeVisible();
    await expectImagesLoaded(tiles, 2);
    await expectNoSideways(guest);
    await shot(guest, 'output-12-gallery-390');
    await guest.getByRole('button', { name: `Open photo: ${CAPTION}` }).click();
    const large = guest.getByRole('dialog');
    await expect(large.getByText(CAPTION)).toBeVisible();
    await expectImagesLoaded(large, 1);
    await expectNoSideways(guest);
    await shotDialog(guest, 'output-13-gallery-large-390');
    // Every image the page shows: no GPS in it (canvas writes no EXIF), and none is the original.
    const srcs = await guest.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    expect(srcs.length).toBeGreaterThanOrEqual(3);
    for (const src of srcs) {
      const img = await request.get(src);
      expect(img.ok(), src).toBe(true);
      const body = await img.body();
      expect(body.length).toBeGreaterThan(0);
      expect(await exifr.gps(body).catch(() => undefined), `GPS in ${src}`).toBeFalsy();
      expect(body.includes(before.buffer) || body.includes(after.buffer), `an original's bytes at ${src}`).toBe(false);
    }
    await guest.keyboard.press('Escape');
    await expect(large).toBeHidden();
    await guest.setViewportSize({ width: 1280, height: 800 });
    await shot(guest, 'output-14-gallery-1280');
    await guest.setViewportSize(PHONE.viewport);

    // The office revokes the link; the adjuster's next load says so.
    await galleries.getByRole('button', { name: 'Revoke' }).click();
    await desk.getByRole('dialog', { name: 'Revoke this gallery link?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(galleries.getByText('Revoked')).toBeVisible();
    await galleries.scrollIntoViewIfNeeded();
    await shot(desk, 'output-15-office-revoked-1280');
    // The office's part on a phone: the output actions, the report and the revoked link fit 390 px.
    await desk.setViewportSize(PHONE.viewport);
    await expect(galleries.getByText('Revoked')).toBeVisible();
    await deskPanel.scrollIntoViewIfNeeded();
    await expectNoSideways(desk);
    await shot(desk, 'output-15b-office-revoked-390');
    await guest.reload();
    await expect(guest.getByText('Gallery unavailable')).toBeVisible();
    await expect(guest.getByText(GALLERY_REVOKED)).toBeVisible();
    await expect(guest.getByRole('button', { name: /^Open photo:/ })).toHaveCount(0);
    await shot(guest, 'output-16-gallery-revoked-390');
    // Nothing was photographed twice.
    expect((await jobPhotos(s, job.id)).map((p) => p.id).sort()).toEqual([afterPhoto.id, beforePhoto.id].sort());
    await Promise.all([crew.close(), office.close(), adjuster.close()]);
  });
});
