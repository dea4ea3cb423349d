import { expect, test } from '@playwright/test';
import { createWorkSession, openAs } from './support/work-data';

// Chromium's fake microphone (a beep) with the permission granted: the browser records without a prompt.
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
});

test.describe('recording with the microphone', () => {
  test.slow(); // recording, upload

  test('moving to another page while recording stops it, uploads the recording and releases the microphone', async ({ page, request }) => {
    const s = await createWorkSession(request);
    // Every stream the page opens is kept, so the test can see whether its microphone was released.
    await page.addInitScript(() => {
      const w = window as unknown as { __streams: MediaStream[] };
      w.__streams = [];
      const devices = navigator.mediaDevices;
      const open = devices.getUserMedia.bind(devices);
      devices.getUserMedia = async (constraints) => {
        const stream = await open(constraints);
        w.__streams.push(stream);
        return stream;
      };
    });
    await openAs(page, s, '/recordings');
    await expect(page.getByText('No recordings yet. Record with your microphone or upload a call.')).toBeVisible();

    await page.getByRole('button', { name: 'Start Recording' }).click();
    // The consent notice first (issue 26): the recording starts only once the user confirms.
    const notice = page.getByRole('dialog', { name: 'Before you record' });
    await expect(notice).toContainText('Several US states require the consent of every party to a recorded call.');
    await notice.getByRole('button', { name: 'I have told the other party' }).click();
    await expect(page.getByRole('button', { name: 'Stop Recording' })).toBeVisible();
    await page.waitForTimeout(2000); // two seconds of the fake microphone's beep
    const live = await page.evaluate(() => (window as unknown as { __streams: MediaStream[] }).__streams.flatMap((st) => st.getTracks().map((t) => t.readyState)));
    // Asking for the permission opened the microphone once and closed it (the recorder's requestPermissions, when the
    // Permissions API does not say granted yet); the recording holds the one live stream.
    expect(live.at(-1)).toBe('live');
    expect(live.filter((state) => state === 'live')).toHaveLength(1);

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'JOBS', exact: true }).click();
    await expect(page).toHaveURL(/\/jobs/);
    await expect(page.getByText(/^Recording manual_\d{8}_\d{6}_[0-9a-f-]{36}\.webm uploaded$/)).toBeVisible();
    const tracks = await page.evaluate(() => (window as unknown as { __streams: MediaStream[] }).__streams.flatMap((st) => st.getTracks().map((t) => t.readyState)));
    expect(tracks.length).toBeGreaterThan(0);
    expect(tracks.every((state) => state === 'ended')).toBe(true); // the microphone is released

    const list = (await (await request.get('/api/recordings', { headers: s.headers })).json()) as { recordings: { name: string; size: number }[]; total: number };
    expect(list.total).toBe(1);
    expect(list.recordings[0]!.name).toMatch(/^manual_\d{8}_\d{6}_[0-9a-f-]{36}\.webm$/);
    expect(list.recordings[0]!.size).toBeGreaterThan(1000);

    // Back on the page, the call is listed; on a phone-width screen too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/recordings');
    await expect(page.getByTestId('recording')).toHaveCount(1);
    await page.screenshot({ path: 'test-results/recordings-microphone-390.png', fullPage: true });
  });
});
