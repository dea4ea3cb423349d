import { expect, test } from '@playwright/test';
import { createWorkSession, openAs } from './support/work-data';

test.describe('recorder settings', () => {
  test('when the server cannot save them they are kept in this browser, silently (spec 001 §8), and still shown after a reload', async ({ page, request }) => {
    const s = await createWorkSession(request);
    await openAs(page, s, '/recordings');
    // The data store's save fails; reading still works.
    await page.route('**/api/settings', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Database unavailable' } }) }) : route.fallback(),
    );
    const open = async () => {
      await page.getByRole('button', { name: 'Settings', exact: true }).filter({ hasText: 'Settings' }).click(); // not the header's settings icon
      return page.getByRole('dialog', { name: 'Recorder Settings' });
    };
    let dialog = await open();
    await expect(dialog.getByRole('switch', { name: 'Record unknown numbers' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: /Upload to Google Drive/ })).not.toBeChecked();
    await expect(dialog.getByRole('switch', { name: /Upload to Google Drive/ })).toBeDisabled();
    await dialog.getByRole('switch', { name: 'Record unknown numbers' }).uncheck({ force: true });
    const saving = page.waitForResponse((r) => r.url().endsWith('/api/settings') && r.request().method() === 'PUT');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await saving).status()).toBe(500);
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Recorder settings saved')).toHaveCount(0);

    await page.reload();
    dialog = await open();
    await expect(dialog.getByRole('switch', { name: 'Record unknown numbers' })).not.toBeChecked();
    // The server still holds the old value: only this browser has the change.
    const saved = (await (await request.get('/api/settings', { headers: s.headers })).json()) as { recorder_settings: { recordUnknown: boolean } };
    expect(saved.recorder_settings.recordUnknown).toBe(true);
  });
});
