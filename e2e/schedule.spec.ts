import { mkdirSync } from 'node:fs';
import { VISIT_VERSION_CONFLICT } from '@fieldbook/contract';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { BASE_URL } from './support/env';
import { closeOfflinePage, cuttableLink, newOfflinePage } from './support/offline';
import { addDays, createCrew, createVisit, createWorkspaceMember, getVisit, instantAt, setWorkspaceZone, todayIn, userIdOf } from './support/schedule-data';
import { uniqueTag } from './support/unique';
import { createJob, createWorkSession, openAs, passwordSession, putSession, type WorkSession } from './support/work-data';

/**
 * The schedule in a browser (issue 34): the office's board at desktop width — a real mouse drag through
 * @mantine/schedule's day board to another crew and hour, the Unscheduled tray dropped on the board, the overlap
 * warning before a save, two desks moving one visit, the Move dialog by keyboard — and the crew's day on a 390 px phone
 * offline, then back online. Screens go to WALK_SHOTS (default /tmp/look) to be looked at.
 */
const shots = process.env.WALK_SHOTS ?? '/tmp/look';
mkdirSync(shots, { recursive: true });
/** The whole page, or with a dialog open (`screen`) what is on the screen: a whole page puts the fixed header and the
 * dialog in the middle of it. */
const shot = (page: Page, name: string, screen = false) => page.screenshot({ path: `${shots}/schedule-${name}.png`, fullPage: !screen });

// Not the browser's zone (UTC): the board must show the workspace's wall clock.
const ZONE = 'America/Chicago';

/** An owner with two crews (Alpha, Bravo) and a job, in a Chicago workspace. */
async function office(request: Parameters<typeof createWorkSession>[0]) {
  const s = await createWorkSession(request);
  await setWorkspaceZone(s, ZONE);
  const tag = uniqueTag();
  const [alpha, bravo] = [await createCrew(s, { name: `Alpha ${tag}`, colour: 'teal' }), await createCrew(s, { name: `Bravo ${tag}`, colour: 'grape' })];
  const job = await createJob(s, { client_name: `Maria Lopez ${tag}`, property_address: '12 Oak Ave, Austin TX', title: 'Lopez roof' });
  return { s, tag, alpha, bravo, job, today: todayIn(ZONE) };
}

/** A visit of `crewId` today from `from` to `to` (wall clock of the workspace). */
function visitAt(s: WorkSession, jobId: string, crewId: string, date: string, from: string, to: string) {
  return createVisit(s, { job_id: jobId, starts_at: instantAt(date, from, ZONE), ends_at: instantAt(date, to, ZONE), crew_ids: [crewId] });
}

/** The board's event of a visit in a crew's row. */
const eventOf = (page: Page, visitId: string, rowId: string) => page.locator(`[data-event-id="${visitId}:${rowId}"]`);
/** The day board's slot of a crew at an hour ('13:00'). */
const slotOf = (page: Page, crewName: string, date: string, hour: string) => page.locator(`[aria-label^="Resource time slot ${crewName} ${date} ${hour}"]`);
/** The week board's slot (four hours: 05, 09, 13, 17) of a crew on a day; its label carries the day as midnight. */
const weekSlotOf = (page: Page, crewName: string, date: string, hour: string) => page.locator(`[aria-label^="Resource time slot ${crewName} ${date} 00:00:00 ${hour}"]`);

/** Opens /schedule on the day board. */
async function openDayBoard(page: Page, s: WorkSession) {
  await openAs(page, s, '/schedule');
  // The segmented control's radio is visually hidden under its label: the label is what a person clicks.
  await page.locator('.mantine-SegmentedControl-label', { hasText: /^Day$/ }).click();
  await expect(page.getByRole('radio', { name: 'Day' })).toBeChecked();
  await expect(page.getByTestId('schedule-range')).not.toContainText('–');
}

/**
 * A real drag with the mouse (the board uses HTML5 drag and drop; Chromium's drag is driven by these moves): from the
 * middle of `from` to `x` px inside `to`'s left edge.
 */
async function mouseDrag(page: Page, from: Locator, to: Locator, x = 4) {
  await to.scrollIntoViewIfNeeded();
  await from.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 4, { steps: 3 });
  const b = (await to.boundingBox())!;
  await page.mouse.move(b.x + x, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

test.describe('the schedule board at desktop width', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a visit dragged to another crew and another hour is saved with its new crew and time', async ({ page, request }) => {
    const { s, alpha, bravo, job, today } = await office(request);
    const visit = await visitAt(s, job.id, alpha.id, today, '09:00', '11:00');
    await openDayBoard(page, s);
    const before = eventOf(page, visit.id, alpha.id);
    await expect(before).toBeVisible();
    await shot(page, '01-day-board-1280');

    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/visits/${visit.id}`) && r.request().method() === 'PATCH');
    await mouseDrag(page, before, slotOf(page, bravo.name, today, '13:00'));
    expect((await saved).status()).toBe(200);

    const now = await getVisit(s, visit.id);
    expect(now.crews.map((c) => c.id)).toEqual([bravo.id]);
    expect(now.starts_at).toBe(instantAt(today, '13:00', ZONE));
    expect(now.ends_at).toBe(instantAt(today, '15:00', ZONE));
    expect(now.version).toBe(visit.version + 1);
    await expect(eventOf(page, visit.id, bravo.id)).toBeVisible();
    await expect(eventOf(page, visit.id, alpha.id)).toHaveCount(0);
    await shot(page, '02-day-board-after-drag-1280');

    // The week board has it on Bravo too; at 390 px the schedule is the list.
    await page.locator('.mantine-SegmentedControl-label', { hasText: /^Week$/ }).click();
    await expect(page.getByTestId('schedule-range')).toContainText('–');
    await expect(eventOf(page, visit.id, bravo.id)).toBeVisible();
    await shot(page, '02b-week-board-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    const item = page.getByRole('list', { name: 'Visits' }).getByRole('listitem').filter({ hasText: `Lopez roof · ${job.client_name}` });
    await expect(item).toContainText('13:00–15:00');
    await expect(item).toContainText(bravo.name);
    await expectNoSideways(page);
    await shot(page, '02c-list-390');
    // On a phone a visit moves from its menu: Move visit, the same dialog, full width.
    await item.getByRole('button', { name: `Visit actions: Lopez roof · ${job.client_name}` }).click();
    await page.getByRole('menuitem', { name: 'Move visit' }).click();
    const move = page.getByRole('dialog', { name: 'Move visit' });
    await expect(move.getByLabel('Start time')).toHaveValue('13:00');
    await expect(move.getByRole('combobox', { name: 'Crew' })).toHaveValue(bravo.name);
    await expectNoSideways(page);
    await expect(move).toHaveJSProperty('scrollWidth', await move.evaluate((el) => el.clientWidth));
    await shot(page, '02f-move-dialog-390', true);
    await move.getByRole('button', { name: 'Cancel' }).click();
    await expect(move).toBeHidden();
  });

  test('on the week board a visit dragged to another day and crew, and on the day board its end dragged to 16:00', async ({ page, request }) => {
    const { s, alpha, bravo, job, today } = await office(request);
    const visit = await visitAt(s, job.id, alpha.id, today, '09:00', '11:00');
    await openAs(page, s, '/schedule');
    await expect(page.getByRole('radio', { name: 'Week' })).toBeChecked();
    await expect(eventOf(page, visit.id, alpha.id)).toBeVisible();
    // Another day of the same week (Monday to Sunday): the next one, or on a Sunday the one before.
    const isSunday = new Date(`${today}T12:00:00Z`).getUTCDay() === 0;
    const day = addDays(today, isSunday ? -1 : 1);
    const moved = page.waitForResponse((r) => r.url().endsWith(`/api/visits/${visit.id}`) && r.request().method() === 'PATCH');
    await mouseDrag(page, eventOf(page, visit.id, alpha.id), weekSlotOf(page, bravo.name, day, '13:00'), 2);
    expect((await moved).status()).toBe(200);
    expect(await getVisit(s, visit.id)).toMatchObject({ starts_at: instantAt(day, '13:00', ZONE), ends_at: instantAt(day, '15:00', ZONE), crews: [{ id: bravo.id }] });
    await expect(eventOf(page, visit.id, bravo.id)).toBeVisible();
    await shot(page, '02d-week-board-after-drag-1280');

    // Resize on the day board: the end handle dragged from 15:00 to 16:00 (15-minute steps).
    await page.locator('.mantine-SegmentedControl-label', { hasText: /^Day$/ }).click();
    await page.getByRole('button', { name: isSunday ? 'Previous day' : 'Next day' }).click();
    await expect(page.getByTestId('schedule-range')).toHaveText(day);
    const event = eventOf(page, visit.id, bravo.id);
    await expect(event).toBeVisible();
    const handle = event.locator('xpath=..').locator('[data-edge="end"]');
    const resized = page.waitForResponse((r) => r.url().endsWith(`/api/visits/${visit.id}`) && r.request().method() === 'PATCH');
    const h = (await handle.boundingBox())!;
    const target = (await slotOf(page, bravo.name, day, '16:00').boundingBox())!;
    await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
    await page.mouse.down();
    await page.mouse.move(target.x + 1, h.y + h.height / 2, { steps: 10 });
    await page.mouse.up();
    expect((await resized).status()).toBe(200);
    expect(await getVisit(s, visit.id)).toMatchObject({ starts_at: instantAt(day, '13:00', ZONE), ends_at: instantAt(day, '16:00', ZONE), crews: [{ id: bravo.id }] });
    await shot(page, '02e-day-board-after-resize-1280');
  });

  test('a job dropped from the Unscheduled tray onto a crew and hour opens New visit there; saved, it is on the board', async ({ page, request }) => {
    const { s, alpha, bravo, job, today } = await office(request);
    // Everything here happens tomorrow, whatever the hour of the run: the tray lists jobs with no visit to come, so a
    // visit today at 09:00 (or the dropped one at 10:00) would be over after 11:00 (12:00) Chicago and its job back in
    // the tray (a fresh-clone run at 13:00 Chicago failed so).
    const tomorrow = addDays(today, 1);
    await visitAt(s, job.id, alpha.id, tomorrow, '09:00', '11:00');
    const garage = await createJob(s, { client_name: `Sam Idle ${uniqueTag()}`, property_address: '4 Elm St', title: 'Garage roof' });
    await openDayBoard(page, s);
    await page.getByRole('button', { name: 'Next day' }).click();
    const tray = page.getByRole('region', { name: 'Unscheduled' });
    const card = tray.locator('.mantine-Card-root', { hasText: 'Garage roof' });
    await expect(card).toBeVisible();
    // Only the job without a visit waits in the tray.
    await expect(tray.getByText('Lopez roof')).toHaveCount(0);

    await mouseDrag(page, card, slotOf(page, bravo.name, tomorrow, '10:00'));
    const dialog = page.getByRole('dialog', { name: 'New visit' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Job' })).toHaveValue(/Garage roof/);
    await expect(dialog.getByLabel('Date')).toHaveValue(tomorrow);
    await expect(dialog.getByLabel('Start time')).toHaveValue('10:00');
    await expect(dialog.getByText(bravo.name, { exact: true })).toBeVisible(); // the Crews field's chosen crew
    await shot(page, '03-tray-drop-new-visit-1280', true);
    const created = page.waitForResponse((r) => r.url().endsWith('/api/visits') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Save visit' }).click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    await expect(dialog).toBeHidden();

    const { visits } = (await (await request.get(`/api/jobs/${garage.id}/visits`, { headers: s.headers })).json()) as { visits: Array<{ id: string; starts_at: string; ends_at: string; crews: Array<{ id: string }> }> };
    expect(visits).toHaveLength(1);
    expect(visits[0]!.starts_at).toBe(instantAt(tomorrow, '10:00', ZONE));
    expect(visits[0]!.ends_at).toBe(instantAt(tomorrow, '12:00', ZONE));
    expect(visits[0]!.crews.map((c) => c.id)).toEqual([bravo.id]);
    await expect(eventOf(page, visits[0]!.id, bravo.id)).toBeVisible();
    await expect(tray.getByText('Garage roof')).toHaveCount(0);
    await shot(page, '04-tray-drop-saved-1280');
  });

  test('a move or a new visit over another visit of the same crew warns before anything is saved', async ({ page, request }) => {
    const { s, alpha, bravo, job, today } = await office(request);
    const lopez = await visitAt(s, job.id, alpha.id, today, '09:00', '11:00');
    const garageJob = await createJob(s, { client_name: `Sam Idle ${uniqueTag()}`, title: 'Garage roof' });
    const garage = await visitAt(s, garageJob.id, bravo.id, today, '13:00', '14:00');
    await openDayBoard(page, s);

    // Bravo's visit dragged onto Alpha at 10:00, where Lopez roof is until 11:00.
    const refused = page.waitForResponse((r) => r.url().endsWith(`/api/visits/${garage.id}`) && r.request().method() === 'PATCH');
    await mouseDrag(page, eventOf(page, garage.id, bravo.id), slotOf(page, alpha.name, today, '10:00'));
    expect((await refused).status()).toBe(409);
    const warning = page.getByRole('alert').filter({ hasText: 'Overlapping visits' });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(`Lopez roof (${job.client_name}): ${today} 09:00–11:00`);
    await shot(page, '05-overlap-warning-1280');
    // Not saved: the server still has it on Bravo at 13:00, and so has the board.
    expect(await getVisit(s, garage.id)).toMatchObject({ starts_at: instantAt(today, '13:00', ZONE), crews: [{ id: bravo.id }], version: garage.version });
    await expect(eventOf(page, garage.id, bravo.id)).toBeVisible();

    const kept = page.waitForResponse((r) => r.url().endsWith(`/api/visits/${garage.id}`) && r.request().method() === 'PATCH');
    await warning.getByRole('button', { name: 'Save anyway' }).click();
    expect((await kept).status()).toBe(200);
    await expect(warning).toBeHidden();
    const moved = await getVisit(s, garage.id);
    expect(moved).toMatchObject({ starts_at: instantAt(today, '10:00', ZONE), ends_at: instantAt(today, '11:00', ZONE), crews: [{ id: alpha.id }] });
    await expect(eventOf(page, garage.id, alpha.id)).toBeVisible();
    await expect(eventOf(page, lopez.id, alpha.id)).toBeVisible();

    // New visit for Alpha at 10:30: the dialog asks the server first and warns; Cancel saves nothing.
    const third = await createJob(s, { client_name: `Ann Third ${uniqueTag()}`, title: 'Skylight' });
    await page.getByRole('button', { name: 'New visit' }).click();
    const dialog = page.getByRole('dialog', { name: 'New visit' });
    // A job made after the board opened is not in the tray's list: typed, the search finds it.
    await dialog.getByRole('combobox', { name: 'Job' }).fill('Skylight');
    await page.getByRole('option', { name: /Skylight/ }).click();
    await dialog.getByLabel('Start time').fill('10:30');
    // The pills' box over the field takes the click (it opens the list), as it does a person's.
    await dialog.getByRole('combobox', { name: 'Crews' }).click({ force: true });
    await page.getByRole('option', { name: alpha.name }).click();
    await dialog.getByLabel('Notes').click(); // closes the crews' list
    await dialog.getByRole('button', { name: 'Save visit' }).click();
    const dialogWarning = dialog.getByRole('alert').filter({ hasText: 'Overlapping visits' });
    await expect(dialogWarning).toContainText('This visit overlaps 2 other visits of the same crew or person.');
    await dialogWarning.scrollIntoViewIfNeeded();
    await shot(page, '06-new-visit-overlap-1280', true);
    await dialogWarning.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialogWarning).toBeHidden();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const none = (await (await request.get(`/api/jobs/${third.id}/visits`, { headers: s.headers })).json()) as { visits: unknown[] };
    expect(none.visits).toHaveLength(0);
  });

  test('two desks move the same visit: the second is told it changed, nothing is overwritten', async ({ page, request, browser }) => {
    const { s, alpha, bravo, job, today } = await office(request);
    const visit = await visitAt(s, job.id, alpha.id, today, '09:00', '11:00');
    const otherDesk = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const other = await otherDesk.newPage();
    await openDayBoard(page, s);
    await openDayBoard(other, s);
    await expect(eventOf(page, visit.id, alpha.id)).toBeVisible();
    await expect(eventOf(other, visit.id, alpha.id)).toBeVisible();

    // The first desk: Move visit (the dialog) to 14:00.
    await eventOf(page, visit.id, alpha.id).click();
    const move = page.getByRole('dialog', { name: 'Move visit' });
    await move.getByLabel('Start time').fill('14:00');
    await move.getByRole('button', { name: 'Move' }).click();
    await expect(move).toBeHidden();
    expect((await getVisit(s, visit.id)).starts_at).toBe(instantAt(today, '14:00', ZONE));

    // The second desk still shows 09:00 (version 1) and drags it to Bravo at 15:00.
    const refused = other.waitForResponse((r) => r.url().endsWith(`/api/visits/${visit.id}`) && r.request().method() === 'PATCH');
    await mouseDrag(other, eventOf(other, visit.id, alpha.id), slotOf(other, bravo.name, today, '15:00'));
    const answer = await refused;
    expect(answer.request().postDataJSON()).toMatchObject({ version: visit.version });
    expect(answer.status()).toBe(409);
    await expect(other.getByRole('alert').filter({ hasText: VISIT_VERSION_CONFLICT })).toBeVisible();
    await shot(other, '07-second-desk-conflict-1280');
    // The first desk's move stands.
    expect(await getVisit(s, visit.id)).toMatchObject({ starts_at: instantAt(today, '14:00', ZONE), crews: [{ id: alpha.id }], version: visit.version + 1 });
    // The second desk's board is reloaded: its Move dialog now shows 14:00.
    await eventOf(other, visit.id, alpha.id).click();
    await expect(other.getByRole('dialog', { name: 'Move visit' }).getByLabel('Start time')).toHaveValue('14:00');
    await otherDesk.close();
  });

  test('Move visit by keyboard: the event opens the dialog with Enter, a new crew and time are saved', async ({ page, request }) => {
    const { s, alpha, bravo, job, today } = await office(request);
    const visit = await visitAt(s, job.id, alpha.id, today, '09:00', '11:00');
    await openDayBoard(page, s);
    // Exact: after 11:00 the job is also in the tray, whose button is 'Schedule Lopez roof · …'.
    const event = page.getByRole('button', { name: `Lopez roof · ${job.client_name}`, exact: true });
    await expect(event).toBeVisible();
    await event.focus();
    await page.keyboard.press('Enter');
    const move = page.getByRole('dialog', { name: 'Move visit' });
    await expect(move).toBeVisible();
    await expect(move.getByLabel('Start time')).toHaveValue('09:00');
    await expect(move.getByLabel('Duration (minutes)')).toHaveValue('120');
    await move.getByLabel('Start time').fill('15:30');
    await move.getByLabel('Duration (minutes)').fill('90');
    const crew = move.getByRole('combobox', { name: 'Crew' });
    await crew.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(crew).toHaveValue(bravo.name);
    await shot(page, '08-move-dialog-1280', true);
    await move.getByRole('button', { name: 'Move' }).focus();
    await page.keyboard.press('Enter');
    await expect(move).toBeHidden();
    expect(await getVisit(s, visit.id)).toMatchObject({ starts_at: instantAt(today, '15:30', ZONE), ends_at: instantAt(today, '17:00', ZONE), crews: [{ id: bravo.id }] });
    await expect(eventOf(page, visit.id, bravo.id)).toBeVisible();
  });
});

test.describe("the crew's day on a phone", () => {
  test('offline at 390 px: On my way, Start and Complete are kept and sent once each when back online', async ({ browser, request }) => {
    const { s, alpha, job, today } = await office(request);
    const member = await createWorkspaceMember(request, s);
    // Alpha is the member's crew; the visit is today.
    await (await request.patch(`/api/crews/${alpha.id}`, { headers: s.headers, data: { member_ids: [member.id] } })).json();
    const visit = await visitAt(s, job.id, alpha.id, today, '09:00', '11:00');

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
    const page = await phone.newPage();
    const statusAnswers: Array<{ status: string; key: string | null; code: number }> = [];
    page.on('response', (r) => {
      if (r.url().endsWith(`/api/visits/${visit.id}/status`) && r.request().method() === 'POST')
        statusAnswers.push({ status: (r.request().postDataJSON() as { status: string }).status, key: r.request().headers()['idempotency-key'] ?? null, code: r.status() });
    });
    await putSession(page, await passwordSession(request, member.session.user));
    await page.goto('/today');
    const card = page.getByRole('article', { name: `Lopez roof · ${job.client_name}` });
    await expect(card).toBeVisible();
    await expect(card.getByText('09:00–11:00')).toBeVisible();
    await expect(card.getByRole('link', { name: '12 Oak Ave, Austin TX' })).toHaveAttribute('href', /maps\.google\.com/);
    await expectNoSideways(page);
    await shot(page, '09-today-390');

    await phone.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
    await card.getByRole('button', { name: 'On my way' }).tap();
    await expect(card.getByText('On the way', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Start' }).tap();
    await expect(card.getByText('In progress', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Complete' }).tap();
    await expect(card.getByText('Completed', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Complete' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pending changes: 3 pending' })).toBeVisible();
    await expectNoSideways(page);
    await shot(page, '10-today-offline-390');
    // Nothing reached the server.
    expect((await getVisit(s, visit.id)).status).toBe('scheduled');

    await phone.setOffline(false);
    await expect(page.getByText('Sync Complete: 3 changes synced')).toBeVisible();
    await expect(page.getByTestId('pending-changes')).toBeHidden();
    const done = await getVisit(s, visit.id);
    expect(done.status).toBe('completed');
    expect(done.on_the_way_at && done.started_at && done.completed_at).toBeTruthy();
    expect(done.on_the_way_at! <= done.started_at! && done.started_at! <= done.completed_at!).toBe(true);
    // Each status sent once, in order, each with its own Idempotency-Key.
    expect(statusAnswers.map((a) => [a.status, a.code])).toEqual([
      ['on_the_way', 200],
      ['in_progress', 200],
      ['completed', 200],
    ]);
    expect(new Set(statusAnswers.map((a) => a.key)).size).toBe(3);
    expect(statusAnswers.every((a) => a.key)).toBe(true);
    await expect(card.getByText('Completed', { exact: true })).toBeVisible();
    await shot(page, '11-today-synced-390');

    // The same day at desktop width.
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, '12-today-1280');
    await phone.close();
  });
});

test.describe("the crew's day with the installed app's service worker", () => {
  test('/today opens with no network from what the phone last saw; a status tapped offline still shows when the app is reopened, and is sent once', async ({ browser, request }) => {
    const { s, alpha, job, today } = await office(request);
    const member = await createWorkspaceMember(request, s);
    await (await request.patch(`/api/crews/${alpha.id}`, { headers: s.headers, data: { member_ids: [member.id] } })).json();
    const visit = await visitAt(s, job.id, alpha.id, today, '09:00', '11:00');
    // The service worker is what this test needs (playwright.config.ts blocks it elsewhere).
    // The phone's network, which the test cuts (Playwright's offline emulation alone does not hold for a reopened app).
    const link = await cuttableLink(BASE_URL);
    const phone = await browser.newContext({ baseURL: link.baseURL, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });
    const sent: string[] = [];
    phone.on('response', (r) => {
      if (r.url().endsWith(`/api/visits/${visit.id}/status`) && r.request().method() === 'POST' && r.ok()) sent.push((r.request().postDataJSON() as { status: string }).status);
    });
    const page = await phone.newPage();
    await putSession(page, await passwordSession(request, member.session.user));
    await page.goto('/today');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // Seen once with the worker in control (the first load's requests may have gone around it).
    await page.reload();
    const card = () => page.getByRole('article', { name: `Lopez roof · ${job.client_name}` });
    await expect(card()).toBeVisible();

    await link.goOffline(phone);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
    await page.reload();
    await expect(card()).toBeVisible();
    await expect(card().getByText('09:00–11:00')).toBeVisible();
    await card().getByRole('button', { name: 'On my way' }).tap();
    await expect(card().getByText('On the way', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pending changes: 1 pending' })).toBeVisible();

    // The app closed and opened again, still offline: the status waits and shows.
    await closeOfflinePage(page, { kept: 1 });
    const reopened = await newOfflinePage(phone);
    await reopened.goto('/today');
    const again = reopened.getByRole('article', { name: `Lopez roof · ${job.client_name}` });
    await expect(again.getByText('On the way', { exact: true })).toBeVisible();
    await expect(reopened.getByRole('button', { name: 'Pending changes: 1 pending' })).toBeVisible();
    await reopened.screenshot({ path: `${shots}/schedule-13-today-reopened-offline-390.png` });
    expect(sent).toEqual([]);
    expect((await getVisit(s, visit.id)).status).toBe('scheduled');

    await link.goOnline(phone);
    await expect(reopened.getByText('Sync Complete: 1 change synced')).toBeVisible();
    await expect(reopened.getByTestId('pending-changes')).toBeHidden();
    expect(sent).toEqual(['on_the_way']);
    expect((await getVisit(s, visit.id)).status).toBe('on_the_way');
    await phone.close();
    await link.close();
  });
});

test.describe('the crews, the month, the calendar link and search (looked at, 1280 and 390 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('an admin makes a crew in the Crews drawer (name, colour, a member); it is a row on the board', async ({ page, request }) => {
    const { s, tag, alpha, bravo, today } = await office(request);
    const member = await createWorkspaceMember(request, s);
    await openDayBoard(page, s);
    await page.getByRole('button', { name: 'Crews' }).click();
    const drawer = page.getByRole('dialog', { name: 'Crews' });
    const list = drawer.getByRole('list', { name: 'Crews' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list).toContainText(alpha.name);
    await expect(list).toContainText(bravo.name);
    await shot(page, '20-crews-drawer-1280', true);

    await drawer.getByRole('button', { name: 'New crew' }).click();
    const form = drawer.getByRole('form', { name: 'New crew' });
    const name = `Charlie ${tag}`;
    await form.getByLabel('Crew name').fill(name);
    await form.getByRole('combobox', { name: 'Colour' }).click();
    await page.getByRole('option', { name: 'Orange' }).click();
    await expect(form.getByRole('combobox', { name: 'Colour' })).toHaveValue('Orange');
    // The pills' box over the field takes the click (it opens the list), as it does a person's.
    await form.getByRole('combobox', { name: 'Members' }).click({ force: true });
    await page.getByRole('option', { name: new RegExp(member.session.user.email.replace(/[.+]/g, '\\$&')) }).click();
    await form.getByLabel('Crew name').click(); // closes the members' list
    await shot(page, '21-crews-new-crew-1280', true);
    const made = page.waitForResponse((r) => r.url().endsWith('/api/crews') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Create crew' }).click();
    expect((await made).status()).toBe(201);
    await expect(form).toBeHidden();
    const card = list.getByRole('listitem').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(3);
    const { crews } = (await (await request.get('/api/crews', { headers: s.headers })).json()) as { crews: Array<{ name: string; colour: string; members: Array<{ id: string }> }> };
    expect(crews.find((c) => c.name === name)).toMatchObject({ colour: 'orange', members: [{ id: member.id }] });
    await shot(page, '22-crews-drawer-after-1280', true);

    // Remove asks first, in the crew's card.
    await card.getByRole('button', { name: `Remove ${name}` }).click();
    await expect(card.getByRole('button', { name: 'Remove crew' })).toBeVisible();
    await shot(page, '23-crews-remove-ask-1280', true);
    await card.getByRole('button', { name: 'Keep it' }).click();

    // Closed, the board has the new crew as a row.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(slotOf(page, name, today, '09:00')).toBeVisible();
    await shot(page, '24-day-board-new-crew-row-1280');

    // At 390 px the drawer is the whole width; its form too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Crews' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expectNoSideways(page);
    await expect(drawer.locator('.mantine-Drawer-body')).toHaveJSProperty('scrollWidth', await drawer.locator('.mantine-Drawer-body').evaluate((el) => el.clientWidth));
    await shot(page, '25-crews-drawer-390', true);
    await list.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: `Edit ${name}` }).click();
    const edit = drawer.getByRole('form', { name: 'Edit crew' });
    await expect(edit.getByLabel('Crew name')).toHaveValue(name);
    await expectNoSideways(page);
    await shot(page, '26-crews-edit-390', true);
  });

  test('the month at 1280 shows each day its visits, and a day opens the day view; at 390 the month and the list fit', async ({ page, request }) => {
    const { s, alpha, bravo, job, today } = await office(request);
    await visitAt(s, job.id, alpha.id, today, '09:00', '11:00');
    const garageJob = await createJob(s, { client_name: `Sam Idle ${uniqueTag()}`, title: 'Garage roof' });
    await visitAt(s, garageJob.id, bravo.id, today, '13:00', '14:00');
    await openAs(page, s, '/schedule');
    await page.locator('.mantine-SegmentedControl-label', { hasText: /^Month$/ }).click();
    await expect(page.getByRole('radio', { name: 'Month' })).toBeChecked();
    // Today (the workspace's) says so, and wears the month's today mark.
    const day = page.locator(`[aria-label="${longDate(today)}: 2 visits, today"]`);
    await expect(day).toBeVisible();
    await expect(day).toHaveAttribute('aria-current', 'date');
    await expect(day).toHaveAttribute('data-today', 'true');
    // The day's events (a cut title is whole in its tooltip).
    await expect(page.getByTitle(`09:00 Lopez roof · ${job.client_name}`)).toBeVisible();
    await expect(page.getByTitle(`13:00 Garage roof · ${garageJob.client_name}`)).toBeVisible();
    await shot(page, '30-month-1280');

    // The empty foot of the day's cell (its events lie over the rest).
    await day.click({ position: { x: 12, y: (await day.boundingBox())!.height - 8 } });
    await expect(page.getByRole('radio', { name: 'Day' })).toBeChecked();
    await expect(page.getByTestId('schedule-range')).toHaveText(today);
    await expect(page.getByRole('button', { name: `Lopez roof · ${job.client_name}`, exact: true })).toBeVisible();
    await shot(page, '31-month-day-opened-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();
    await expect(page.getByRole('list', { name: 'Visits' }).getByRole('listitem')).toHaveCount(2);
    await expectNoSideways(page);
    await shot(page, '32-list-390');
    await page.locator('.mantine-SegmentedControl-label', { hasText: /^Month$/ }).click();
    const phoneDay = page.locator(`[aria-label="${longDate(today)}: 2 visits, today"]`);
    await expect(phoneDay).toBeVisible();
    await phoneDay.click();
    await expect(page.getByText(`Lopez roof · ${job.client_name}`).first()).toBeVisible();
    await expectNoSideways(page);
    await shot(page, '33-month-390');
  });

  test("/today's calendar link: made, its ICS holds the visit; reset, the old link answers 404", async ({ page, request }) => {
    const { s, alpha, job, today } = await office(request);
    // The owner is in Alpha: the visit is theirs, in their day and their feed.
    await (await request.patch(`/api/crews/${alpha.id}`, { headers: s.headers, data: { member_ids: [await userIdOf(s)] } })).json();
    await visitAt(s, job.id, alpha.id, today, '09:00', '11:00');
    await openAs(page, s, '/today');
    const feed = page.getByRole('region', { name: 'Calendar subscription' });
    await expect(feed.getByRole('button', { name: 'Get my calendar link' })).toBeVisible();
    await shot(page, '40-today-feed-off-1280');
    await feed.getByRole('button', { name: 'Get my calendar link' }).click();
    const link = feed.getByRole('textbox', { name: 'Your calendar link' });
    await expect(link).toHaveValue(/^http/);
    const first = await link.inputValue();
    await shot(page, '41-today-feed-link-1280');

    const ics = await request.get(first);
    expect(ics.status()).toBe(200);
    expect(ics.headers()['content-type']).toContain('text/calendar');
    // Long lines are folded (RFC 5545): a CRLF and a space continue the line.
    const text = (await ics.text()).replace(/\r\n[ \t]/g, '');
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain(`SUMMARY:Lopez roof — ${job.client_name}`);
    expect(text).toContain(`DTSTART:${icsUtc(instantAt(today, '09:00', ZONE))}`);
    expect(text).toContain(`DTEND:${icsUtc(instantAt(today, '11:00', ZONE))}`);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(link).toBeVisible();
    await expectNoSideways(page);
    await feed.scrollIntoViewIfNeeded();
    await shot(page, '42-today-feed-link-390');

    await feed.getByRole('button', { name: 'Reset link' }).click();
    await expect(feed.getByText('Reset the calendar link?')).toBeVisible();
    await expectNoSideways(page);
    await shot(page, '43-today-feed-reset-ask-390');
    const made = page.waitForResponse((r) => r.url().endsWith('/api/schedule/feed') && r.request().method() === 'POST');
    await feed.getByRole('button', { name: 'Make a new link' }).click();
    expect((await made).status()).toBeLessThan(300);
    await expect(link).not.toHaveValue(first);
    const second = await link.inputValue();
    expect((await request.get(first)).status()).toBe(404);
    expect((await request.get(second)).status()).toBe(200);

    // Turned off, the link answers nothing and Get my calendar link is back.
    await page.setViewportSize({ width: 1280, height: 800 });
    await feed.getByRole('button', { name: 'Turn off' }).click();
    await expect(feed.getByRole('button', { name: 'Get my calendar link' })).toBeVisible();
    expect((await request.get(second)).status()).toBe(404);
    await shot(page, '44-today-feed-turned-off-1280');
  });

  test("the header search for the client's name finds the job with its next visit; the job's Visits panel lists it", async ({ page, request }) => {
    const { s, alpha, job, today } = await office(request);
    const tomorrow = addDays(today, 1);
    await visitAt(s, job.id, alpha.id, tomorrow, '09:00', '11:00');
    await openAs(page, s, '/');
    const search = page.getByRole('textbox', { name: 'Search your workspace' });
    await expect(search).toBeEnabled();
    await search.fill(job.client_name!);
    await search.press('Enter');
    const hit = page.getByTestId('search-result').filter({ has: page.getByTestId('search-next-visit') });
    await expect(hit.first()).toBeVisible();
    const weekday = new Date(`${tomorrow}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
    await expect(hit.first().getByTestId('search-next-visit')).toHaveText(`Next visit: ${weekday} ${tomorrow} · 09:00–11:00 · ${alpha.name}`);
    await shot(page, '50-search-next-visit-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSideways(page);
    await shot(page, '51-search-next-visit-390');

    await hit.first().click();
    const panel = page.getByRole('region', { name: 'Visits' });
    await expect(panel.getByRole('listitem')).toContainText(`${tomorrow} · 09:00–11:00`);
    await panel.scrollIntoViewIfNeeded();
    await expectNoSideways(page);
    await shot(page, '52-job-visits-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, '53-job-visits-1280');
  });
});

/** 'December 5, 2026': how the month names a day in its buttons' labels. */
function longDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** An instant as ICS writes it in UTC: 20261205T150000Z. */
function icsUtc(iso: string): string {
  return iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** No horizontal scrolling at a phone's width. */
async function expectNoSideways(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), 'the page scrolls sideways').toBeLessThanOrEqual(width);
}
