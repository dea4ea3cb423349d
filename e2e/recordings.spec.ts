import { expect, test } from '@playwright/test';
import { spokenCall } from './support/audio';
import { signInThroughUi } from './support/auth';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env';
import { createContact, createWorkSession, openAs } from './support/work-data';
import { uniqueDigits } from './support/unique';

test.describe('recordings', () => {
  test.slow(); // upload, background transcription, playback

  test('upload a call, watch it transcribed, play it from a transcript line, assign a contact, delete it; the admin filters by user', async ({ page, request }) => {
    const s = await createWorkSession(request);
    await createContact(s, { name: 'Maria Garcia', phone_number: '5125550100' });
    await createContact(s, { name: 'Sam Crew', phone_number: `737${uniqueDigits(7)}` });
    await openAs(page, s, '/recordings');
    await expect(page.getByText('No recordings yet. Record with your microphone or upload a call.')).toBeVisible();

    // The spec's file name: direction, date, time, the caller's number, the recorder's user id.
    const name = 'incoming_20261124_153012_5125550100_e2e.m4a';
    await page.getByLabel('Upload recordings').setInputFiles([
      { name, mimeType: 'audio/mp4', buffer: await spokenCall('Call me back at five one two, five five five, zero one nine nine. The roof leaks over the back bedroom.') },
      { name: 'notes.m4a', mimeType: 'audio/mp4', buffer: Buffer.from('these are notes, not audio') },
    ]);
    const uploads = page.getByTestId('upload-item');
    await expect(uploads.filter({ hasText: name })).toContainText('Uploaded');
    await expect(uploads.filter({ hasText: 'notes.m4a' }).getByRole('alert')).toContainText('Unsupported file type: upload a call recording');

    const card = page.getByTestId('recording').filter({ hasText: 'Maria Garcia' });
    await expect(card).toHaveCount(1); // the number in the name is shown as the contact's name
    await expect(card.getByText('Transcribed')).toBeVisible({ timeout: 45_000 });
    await card.getByRole('button', { name: 'Show transcript' }).click();
    const transcript = card.getByTestId('transcript');
    await expect(transcript).toContainText('Transcribed by pocketsphinx (en-us)');
    await expect(transcript).toContainText('five one two five five five zero one nine nine');
    await page.screenshot({ path: 'test-results/recordings.png', fullPage: true });
    const saving = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download transcript' }).click();
    expect((await saving).suggestedFilename()).toMatch(/^phone_20261124_153012_5125550100\.txt$/);

    // A transcript line plays the call from there (the player streams from a signed URL with ranges).
    await card.getByTestId('transcript-segment').first().click();
    await expect(card.getByRole('button', { name: `Stop ${name}` })).toBeVisible();
    await card.getByRole('button', { name: `Stop ${name}` }).click();
    await expect(card.getByRole('button', { name: `Play ${name}` })).toBeVisible();
    await expect(page.getByText('Failed to play recording')).toHaveCount(0); // stopping is not a playback failure

    await card.getByRole('button', { name: `Assign a contact to ${name}` }).click();
    const picker = page.getByRole('dialog', { name: 'Assign Contact' });
    await picker.getByRole('option', { name: /Sam Crew/ }).click();
    await picker.getByRole('button', { name: 'Assign' }).click();
    await expect(card.getByText('Sam Crew', { exact: true })).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/recordings-390.png', fullPage: true });
    await page.getByRole('button', { name: 'Settings', exact: true }).filter({ hasText: 'Settings' }).click(); // not the header's settings icon
    const settings = page.getByRole('dialog', { name: 'Recorder Settings' });
    await expect(settings.getByLabel('Audio quality')).toHaveValue('Medium');
    await settings.getByRole('button', { name: 'Save' }).waitFor();
    await page.waitForTimeout(400); // the modal's fade-in, for the screenshot
    await page.screenshot({ path: 'test-results/recorder-settings-390.png' });
    await settings.getByLabel('Never record these numbers').fill('(512) 555-0000');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Recorder settings saved')).toBeVisible();
    const saved = (await (await request.get('/api/settings', { headers: s.headers })).json()) as { recorder_settings: { blacklistNumbers: string[] } };
    expect(saved.recorder_settings.blacklistNumbers).toEqual(['5125550000']);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The admin sees everyone's calls and can filter by user.
    const admin = await page.context().browser()!.newContext();
    const adminPage = await admin.newPage();
    await signInThroughUi(adminPage, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await adminPage.goto('/recordings');
    await adminPage.getByRole('combobox', { name: 'Filter by User' }).click();
    await adminPage.getByRole('option', { name: s.user.email.split('@')[0]!, exact: true }).click();
    await expect(adminPage.getByRole('article', { name })).toBeVisible();
    await expect(adminPage.getByRole('article', { name })).toContainText(s.user.email.split('@')[0]!); // whose call it is
    await admin.close();

    await card.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog', { name: 'Delete recording' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No recordings yet. Record with your microphone or upload a call.')).toBeVisible();
  });
});
