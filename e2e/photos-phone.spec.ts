import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Photo, PhotoList } from '@fieldbook/contract';
import { jpegWithExif } from '../apps/server/src/features/photos/photos.test-helpers';
import { setWorkspaceZone } from './support/schedule-data';
import { uniqueDigits, uniqueTag } from './support/unique';
import { createJob, createWorkSession, openAs, type WorkSession } from './support/work-data';

/**
 * The photo dialogs on a 390 px phone (issue 35): markup, before/after compare, Create photo report and Share gallery
 * (its form and the link it makes), each opened as a crew member would, looked at in a screenshot, and held to the
 * phone: nothing scrolls sideways — the page nor the dialog — and every button is on the screen once scrolled to, and
 * works. The photos are uploaded through the API (a landscape Before and a portrait After, the tallest case for the
 * editor). Screens go to WALK_SHOTS (default /tmp/look-photos-phone) to be looked at.
 */
const shots = process.env.WALK_SHOTS ?? '/tmp/look-photos-phone';
mkdirSync(shots, { recursive: true });

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;
const AUSTIN = { lat: 30.2672, lng: -97.7431 };

/** An open dialog as it is seen, once its opening transition has ended (mid-fade it is half see-through). */
async function shotDialog(page: Page, name: string) {
  await expect(page.locator('.mantine-Modal-content')).toHaveCSS('opacity', '1');
  await expect(page.locator('.mantine-Modal-overlay')).toHaveCSS('opacity', '1');
  await page.screenshot({ path: `${shots}/${name}.png` });
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

/** Each control on the screen once scrolled to: wholly inside the viewport (no part of it off the side or below). */
async function expectReachable(page: Page, controls: Locator[]) {
  const { width, height } = page.viewportSize()!;
  for (const control of controls) {
    await control.scrollIntoViewIfNeeded();
    const box = (await control.boundingBox())!;
    const name = (await control.getAttribute('aria-label')) ?? (await control.textContent());
    expect(box, `${name}: on the page`).toBeTruthy();
    expect(box.x, `${name}: its left edge`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name}: its right edge`).toBeLessThanOrEqual(width);
    expect(box.y, `${name}: its top`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${name}: its bottom`).toBeLessThanOrEqual(height);
  }
}

/** A photo through the API (the server's upload, fields before the file). */
async function uploadPhoto(s: WorkSession, jobId: string, stage: Photo['stage'], name: string, buffer: Buffer): Promise<Photo> {
  const res = await s.request.post('/api/photos', { headers: s.headers, multipart: { job_id: jobId, upload_key: randomUUID(), stage, file: { name, mimeType: 'image/jpeg', buffer } } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as Photo;
}

async function jobPhotos(s: WorkSession, jobId: string): Promise<Photo[]> {
  const res = await s.request.get(`/api/jobs/${jobId}/photos?limit=200`, { headers: s.headers });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as PhotoList).photos;
}

/** A drag with real pointer moves between two points of a box, in fractions. */
async function drag(page: Page, box: { x: number; y: number; width: number; height: number }, from: [number, number], to: [number, number]) {
  await page.mouse.move(box.x + from[0] * box.width, box.y + from[1] * box.height);
  await page.mouse.down();
  await page.mouse.move(box.x + to[0] * box.width, box.y + to[1] * box.height, { steps: 6 });
  await page.mouse.up();
}

test.describe('the photo dialogs on a phone', () => {
  test('markup, compare, photo report and share gallery at 390 px: nothing sideways, every button reachable and working', async ({ browser, request }) => {
    test.slow();
    const s = await createWorkSession(request);
    await setWorkspaceZone(s, 'America/Chicago');
    const job = await createJob(s, { client_name: `Dana Whitfield ${uniqueTag()}`, property_address: '48 Cedar Ln, Austin TX', title: 'Whitfield hail roof', claim_number: `CLM-${uniqueDigits(6)}` });
    await uploadPhoto(s, job.id, 'before', 'IMG_3001.jpg', await jpegWithExif({ width: 800, height: 600, taken: '2026:03:14 09:00:00', offset: '-05:00', ...AUSTIN }));
    const after = await uploadPhoto(s, job.id, 'after', 'IMG_3002.jpg', await jpegWithExif({ width: 600, height: 800, taken: '2026:03:16 15:30:00', offset: '-05:00', ...AUSTIN }));
    await expect.poll(async () => (await jobPhotos(s, job.id)).filter((p) => p.has_thumbnail).length, { timeout: 30_000 }).toBe(2);

    const phone = await browser.newContext(PHONE);
    const page = await phone.newPage();
    await openAs(page, s, `/jobs/${job.id}`);
    const panel = page.getByRole('region', { name: 'Photos' });
    const thumbs = panel.getByTestId('photo-thumb');
    // The first load on a machine the whole team shares (load average 12–19 during these runs).
    await expect(thumbs).toHaveCount(2, { timeout: 30_000 });
    await panel.scrollIntoViewIfNeeded();
    await expectNoSideways(page);
    await expectReachable(page, [panel.getByRole('button', { name: 'Select photos' }), panel.getByRole('button', { name: 'Create report' }), panel.getByRole('button', { name: 'Share gallery' }), panel.getByRole('button', { name: 'Compare two photos' })]);
    await page.screenshot({ path: `${shots}/phone-01-panel-390.png`, fullPage: true });

    // ── Markup: the portrait After photo, its tools, colours, widths and Save ─────────────────────────────────────
    await panel.getByRole('button', { name: 'Open photo: After photo' }).click();
    const viewer = page.getByRole('dialog', { name: 'Photo' });
    await expect(viewer.getByText('Taken Mar 16, 2026, 3:30 PM')).toBeVisible();
    await viewer.getByRole('button', { name: 'Mark up' }).click();
    const canvas = viewer.getByRole('img', { name: 'Markup canvas' });
    await expect(canvas).toBeVisible();
    await expect.poll(() => viewer.locator('img').first().evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(600);
    await expectNoSideways(page);
    await shotDialog(page, 'phone-02-markup-390');
    const tools = viewer.getByRole('toolbar', { name: 'Markup tools' }).getByRole('button');
    await expect(tools).toHaveCount(7);
    const colours = viewer.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio');
    await expect(colours).toHaveCount(6);
    await expectReachable(page, [...(await tools.all()), ...(await colours.all()), viewer.getByText('Thick'), canvas, viewer.getByRole('button', { name: 'Cancel' }), viewer.getByRole('button', { name: 'Save markup' })]);
    await viewer.getByRole('button', { name: 'Arrow' }).click();
    await canvas.scrollIntoViewIfNeeded();
    await drag(page, (await canvas.boundingBox())!, [0.8, 0.8], [0.5, 0.45]);
    await viewer.getByRole('button', { name: 'Text', exact: true }).click();
    await viewer.getByRole('textbox', { name: 'Text' }).fill('Hail');
    await expectNoSideways(page);
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    await canvas.click({ position: { x: box.width * 0.3, y: box.height * 0.3 } });
    await expect(canvas.locator('text')).toHaveText(['Hail']);
    await shotDialog(page, 'phone-03-markup-drawn-390');
    await viewer.getByRole('button', { name: 'Save markup' }).click();
    await expect(page.getByText('Markup saved')).toBeVisible();
    await expect.poll(async () => (await jobPhotos(s, job.id)).find((p) => p.id === after.id)?.markup?.shapes.map((shape) => shape.type)).toEqual(['arrow', 'text']);
    await expectNoSideways(page);
    await expectReachable(page, [viewer.getByRole('button', { name: 'Mark up' }), viewer.getByRole('button', { name: 'Save', exact: true })]);
    await shotDialog(page, 'phone-04-viewer-marked-390');
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    // ── Compare: before and after with the slider ─────────────────────────────────────────────────────────────────
    await panel.getByRole('button', { name: 'Compare two photos' }).click();
    await panel.getByRole('button', { name: /^Choose photo:/ }).nth(0).click();
    await panel.getByRole('button', { name: /^Choose photo:/ }).nth(1).click();
    await expect(panel.getByText('Two photos chosen')).toBeVisible();
    await expectReachable(page, [panel.getByRole('button', { name: 'Compare', exact: true }), panel.getByRole('button', { name: 'Cancel' })]);
    await panel.getByRole('button', { name: 'Compare', exact: true }).click();
    const compare = page.getByRole('dialog', { name: 'Compare photos' });
    await expect(compare.getByTestId('compare-label')).toHaveText(['Before · Mar 14, 2026, 9:00 AM', 'After · Mar 16, 2026, 3:30 PM']);
    await expect.poll(() => compare.locator('img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)).toBe(2);
    await expectNoSideways(page);
    const slider = compare.getByRole('slider');
    await expectReachable(page, [slider, compare.locator('.mantine-Modal-close'), ...(await compare.getByTestId('compare-label').all())]);
    await shotDialog(page, 'phone-05-compare-390');
    // The slider moves with a finger's drag across the photos.
    const sliderBox = (await compare.locator('[data-rcs="root"]').boundingBox())!;
    const handleX = async () => (await slider.boundingBox())!.x;
    const before = await handleX();
    await drag(page, sliderBox, [0.5, 0.5], [0.2, 0.5]);
    await expect.poll(handleX).toBeLessThan(before - sliderBox.width * 0.2);
    await shotDialog(page, 'phone-06-compare-moved-390');
    await compare.locator('.mantine-Modal-close').click();
    await expect(compare).toBeHidden();
    await panel.getByRole('button', { name: 'Cancel' }).click();

    // ── Create photo report: both chosen ──────────────────────────────────────────────────────────────────────────
    await panel.getByRole('button', { name: 'Select photos' }).click();
    await panel.getByRole('button', { name: /^Choose photo:/ }).nth(0).click();
    await panel.getByRole('button', { name: /^Choose photo:/ }).nth(1).click();
    await expect(panel.getByText('2 photos chosen')).toBeVisible();
    await expectNoSideways(page);
    await expectReachable(page, [panel.getByRole('button', { name: 'Cancel' }), panel.getByRole('button', { name: 'Create report' }), panel.getByRole('button', { name: 'Share gallery' })]);
    await page.screenshot({ path: `${shots}/phone-07-chosen-390.png`, fullPage: true });
    await panel.getByRole('button', { name: 'Create report' }).click();
    const report = page.getByRole('dialog', { name: 'Create photo report' });
    await expect(report.getByText('Chosen photos (2)')).toBeVisible();
    await expectNoSideways(page);
    await expectReachable(page, [report.getByText('Chosen photos (2)'), report.getByText('A whole stage'), report.getByRole('textbox', { name: 'Title (optional)' }), report.getByRole('button', { name: 'Cancel' }), report.getByRole('button', { name: 'Create photo report' })]);
    await shotDialog(page, 'phone-08-report-dialog-390');
    // A whole stage instead: its select fits too.
    await report.getByText('A whole stage').click();
    await expect(report.getByRole('combobox', { name: 'Photos of the stage' })).toBeVisible();
    await expectNoSideways(page);
    await shotDialog(page, 'phone-09-report-stage-390');
    await report.getByText('Chosen photos (2)').click();
    await report.getByRole('button', { name: 'Create photo report' }).click();
    await expect(report).toBeHidden();
    const reports = page.getByRole('region', { name: 'Photo reports' });
    await expect(reports.getByText('Ready')).toBeVisible({ timeout: 60_000 });
    await expect(reports.getByText('2 photos')).toBeVisible();

    // ── Share gallery: both chosen, then its link ─────────────────────────────────────────────────────────────────
    await panel.getByRole('button', { name: 'Select photos' }).click();
    await panel.getByRole('button', { name: /^Choose photo:/ }).nth(0).click();
    await panel.getByRole('button', { name: /^Choose photo:/ }).nth(1).click();
    await panel.getByRole('button', { name: 'Share gallery' }).click();
    const share = page.getByRole('dialog', { name: 'Share gallery' });
    await expect(share.getByText('Chosen photos (2)')).toBeVisible();
    await share.getByRole('textbox', { name: /^For/ }).fill('Adjuster — Gulf Mutual');
    await expectNoSideways(page);
    const days = await share.getByRole('radio').all();
    expect(days.length).toBeGreaterThanOrEqual(3);
    await expectReachable(page, [share.getByText('Chosen photos (2)'), ...(await share.locator('label').filter({ hasText: /days$/ }).all()), share.getByRole('button', { name: 'Cancel' }), share.getByRole('button', { name: 'Create link' })]);
    await shotDialog(page, 'phone-10-share-dialog-390');
    await share.getByRole('button', { name: 'Create link' }).click();
    const linkBox = share.getByRole('textbox', { name: 'Gallery link' });
    await expect(linkBox).toHaveValue(/\/g\/[^/]+$/);
    await expectNoSideways(page);
    await expectReachable(page, [linkBox, share.getByRole('button', { name: 'Copy link' }), share.getByRole('link', { name: 'Email' }), share.getByRole('link', { name: 'Text' }), share.getByRole('button', { name: 'Done' })]);
    await shotDialog(page, 'phone-11-share-link-390');
    await share.getByRole('button', { name: 'Done' }).click();
    await expect(share).toBeHidden();

    // The job's reports and shared links below the grid fit too.
    const galleries = page.getByRole('region', { name: 'Shared galleries' });
    await expect(galleries.getByText('Live')).toBeVisible();
    await galleries.getByRole('button', { name: 'Link' }).click();
    await expect(galleries.getByRole('textbox', { name: 'Gallery link' })).toBeVisible();
    await expectNoSideways(page);
    await expectReachable(page, [reports.getByRole('link').first(), galleries.getByRole('button', { name: 'Revoke' }), galleries.getByRole('button', { name: 'Copy link' })]);
    await galleries.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/phone-12-reports-galleries-390.png`, fullPage: true });
    await phone.close();
  });
});
