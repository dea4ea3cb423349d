import { expect, test } from '@playwright/test';
import { spokenCall, telephoneBand } from './support/audio';
import { createWorkSession, openAs } from './support/work-data';

const ROUGH = 'Rough draft — low confidence';

test.describe('transcript confidence', () => {
  test.slow(); // two uploads and their background transcription

  test('a call through the telephone band is labelled a rough draft in the list and its transcript; the clean call is not', async ({ page, request }) => {
    const s = await createWorkSession(request);
    await openAs(page, s, '/recordings');
    const clean = await spokenCall('Hi, this is the adjuster. I can come out on Thursday at ten in the morning to look at the hail damage on the north slope.');
    await page.getByLabel('Upload recordings').setInputFiles([
      { name: 'clean-call.wav', mimeType: 'audio/wav', buffer: clean },
      { name: 'phone-call.wav', mimeType: 'audio/wav', buffer: await telephoneBand(clean, { mulaw: true }) },
    ]);
    const cleanCard = page.getByRole('article', { name: 'clean-call.wav' });
    const phoneCard = page.getByRole('article', { name: 'phone-call.wav' });
    await expect(cleanCard.getByText('Transcribed')).toBeVisible({ timeout: 60_000 });
    await expect(phoneCard.getByText('Transcribed')).toBeVisible({ timeout: 60_000 });
    await expect(phoneCard.getByText(ROUGH)).toBeVisible();
    await expect(cleanCard.getByText(ROUGH)).toHaveCount(0);

    await cleanCard.getByRole('button', { name: 'Show transcript' }).click();
    await expect(cleanCard.getByTestId('transcript')).toContainText('the morning');
    await expect(cleanCard.getByTestId('transcript-rough-draft')).toHaveCount(0);
    await phoneCard.getByRole('button', { name: 'Show transcript' }).click();
    await expect(phoneCard.getByTestId('transcript-rough-draft')).toContainText('Most words were unclear to the engine: listen to the call before relying on this.');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.mouse.move(0, 0); // no tooltip over the card in the screenshot
    await expect(phoneCard.getByTestId('transcript-rough-draft')).toBeVisible();
    await page.screenshot({ path: 'test-results/recordings-rough-draft-390.png', fullPage: true });
    await phoneCard.screenshot({ path: 'test-results/recordings-rough-draft-card-390.png' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
