import { expect, test, type Page } from '@playwright/test';
import { CONTACT_HELPER_METHOD_NAMES } from '../packages/contact-helper/src/methods';
import { installFakeBridge, type BridgeCall, type FakeBridge } from './support/fake-bridge';
import { createWorkSession, getContacts, openAs, type WorkSession } from './support/work-data';

/**
 * The contact helper plugin's contract (spec 001 §7 "Mobile plugins"; issue 32 item 12), pinned in Chromium with the
 * fake native bridge as e2e/recorder-bridge.spec.ts pins the call recorder: the built app runs as inside the Android
 * shell with PluginHeaders listing ContactHelper and its methods, so the contact form's "Pick from phone contacts"
 * reaches `nativePromise('ContactHelper', 'pickContacts', { multiple: false })` and fills the form from the answer; the
 * contact is then created through the real server. Outside the app, Debian's Chromium has no Contact Picker API: the
 * web fallback offers no pick. 390 px.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** What the native helper answers, changed by each test; `failure` makes pickContacts reject with it. */
type Script = { picked: unknown[]; failure: string | null };

const ROSA = { id: 'content://com.android.contacts/contacts/42', name: 'Rosa Electric', phoneNumber: '+1 512-555-0177', photoUrl: null, email: 'rosa@example.com' };

function answerFrom(script: Script) {
  return (call: BridgeCall): unknown => {
    if (call.plugin !== 'ContactHelper') return undefined;
    switch (call.method) {
      case 'checkPermissions':
      case 'requestPermissions':
        return { contacts: 'granted' };
      case 'pickContacts':
        if (script.failure) throw new Error(script.failure);
        return { contacts: script.picked };
      case 'getContacts':
        return { contacts: [ROSA] };
      case 'getGroups':
        return { groups: [{ id: '7', name: 'Subcontractors' }] };
      default:
        return undefined;
    }
  };
}

/** The app as inside the Android shell with the native contact helper answering from `script`. */
async function openInApp(page: Page, s: WorkSession, script: Script): Promise<FakeBridge> {
  const bridge = await installFakeBridge(page, { plugins: [{ name: 'ContactHelper', methods: [...CONTACT_HELPER_METHOD_NAMES] }], answer: answerFrom(script) });
  await openAs(page, s, '/contacts');
  return bridge;
}

const newContactPanel = async (page: Page) => {
  await page.getByRole('button', { name: 'Add Contact' }).click();
  return page.getByRole('dialog', { name: 'New Contact' });
};

test.describe('the contact helper over the native bridge', () => {
  test('Pick from phone contacts: pickContacts with one contact asked for, the form filled from the answer, the contact created', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const bridge = await openInApp(page, s, { picked: [ROSA], failure: null });
    const panel = await newContactPanel(page);
    await panel.getByRole('button', { name: 'Pick from phone contacts' }).click();

    const call = await bridge.waitForCall('ContactHelper', 'pickContacts');
    expect(call.options).toEqual({ multiple: false });
    await expect(panel.getByLabel('Name')).toHaveValue('Rosa Electric');
    await expect(panel.getByLabel('Phone number')).toHaveValue('(512) 555-0177');
    await expect(panel.getByLabel('Email', { exact: true })).toHaveValue('rosa@example.com');
    // Picking needs no standing permission: nothing else was asked of the helper.
    expect((await bridge.calls({ plugin: 'ContactHelper' })).map((c) => c.method)).toEqual(['pickContacts']);
    await page.screenshot({ path: test.info().outputPath('contact-helper-picked-390.png'), fullPage: true });

    await panel.getByRole('button', { name: 'Create Contact' }).click();
    await expect(page.getByText('Contact created')).toBeVisible();
    const { contacts } = await getContacts(s);
    expect(contacts.map((c) => ({ name: c.name, phone: c.phone_number, email: c.email }))).toEqual([{ name: 'Rosa Electric', phone: '5125550177', email: 'rosa@example.com' }]);
  });

  test('a cancelled pick leaves the form empty; a failed one says so and the contact can still be typed', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const script: Script = { picked: [], failure: null };
    const bridge = await openInApp(page, s, script);
    const panel = await newContactPanel(page);
    await panel.getByRole('button', { name: 'Pick from phone contacts' }).click();
    await bridge.waitForCall('ContactHelper', 'pickContacts');
    await expect(panel.getByLabel('Name')).toHaveValue('');
    await expect(panel.getByRole('alert')).toHaveCount(0);

    script.failure = 'READ_CONTACTS refused';
    await panel.getByRole('button', { name: 'Pick from phone contacts' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Could not read the phone’s contacts. Type the contact instead.');
    await panel.getByLabel('Name').fill('Ann Roofer');
    await expect(panel.getByLabel('Name')).toHaveValue('Ann Roofer');
  });

  test('in the browser (no bridge, no Contact Picker in Chromium) and in an app built without the plugin: no pick is offered', async ({ page, request }) => {
    const s = await createWorkSession(request);
    await openAs(page, s, '/contacts');
    let panel = await newContactPanel(page);
    await expect(panel.getByLabel('Name')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Pick from phone contacts' })).toHaveCount(0);

    // The shell without the native ContactHelper (only the app-links plugin): its WebView has no Contact Picker either.
    const bridge = await installFakeBridge(page, { plugins: [{ name: 'App', methods: ['getLaunchUrl'] }] });
    await openAs(page, s, '/contacts');
    panel = await newContactPanel(page);
    await expect(panel.getByLabel('Name')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Pick from phone contacts' })).toHaveCount(0);
    expect(await bridge.calls({ plugin: 'ContactHelper' })).toEqual([]);
  });
});
