import { expect, test, type Page } from '@playwright/test';
import { CALL_RECORDER_METHOD_NAMES } from '../packages/call-recorder/src/methods';
import { wavTone } from './support/audio';
import { signInThroughUi } from './support/auth';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env';
import { installFakeBridge, type BridgeCall, type FakeBridge } from './support/fake-bridge';
import { createWorkSession, openAs, type WorkSession } from './support/work-data';
import { uniqueTag } from './support/unique';

/**
 * The call recorder plugin's contract (issue 26 §3, spec 001 §7/§8), pinned in Chromium with a fake native bridge:
 * the built app runs as inside the Android shell (CapacitorCustomPlatform android, PluginHeaders listing CallRecorder
 * with the spec's 12 methods), so every call of @fieldbook/call-recorder arrives at `nativePromise` with its exact
 * method name and options, and is answered by the script below. The recordings' files are served where the native
 * bridge would serve them (Capacitor.convertFileSrc of their path). Uploads reach the real server. 390 px.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** Spec 001 §7, in its order: what the native plugin's header lists (the package's own list). */
const CALL_RECORDER_METHODS = [...CALL_RECORDER_METHOD_NAMES];

type Permission = 'granted' | 'denied' | 'prompt';
type Permissions = { microphone: Permission; phoneState: Permission; callLog: Permission; audioFiles: Permission; contacts: Permission; notifications: Permission };
type DeviceRecording = { id: string; name: string; path: string; size: number; lastModified: number; groupId: string | null; mimeType?: string };

const GRANTED: Permissions = { microphone: 'granted', phoneState: 'granted', callLog: 'granted', audioFiles: 'granted', contacts: 'granted', notifications: 'granted' };
const FILES = '/storage/emulated/0/Recordings/Fieldbook';
const AUDIO = wavTone(1.5);

const deviceRecording = (n: number, name: string): DeviceRecording => ({
  id: `content://media/external/audio/media/${1000 + n}`,
  name,
  path: `${FILES}/${name}`,
  size: AUDIO.length,
  lastModified: Date.UTC(2026, 10, 20, 10, 0, n),
  groupId: null,
  mimeType: 'audio/wav',
});

/**
 * A call on the phone. The recorder names each recording with the id of the user signed in when it was recorded (the
 * contract: initialize's and startManualRecording's `userId`); the sync service uploads only the signed-in user's.
 */
const callRecording = (n: number, userId: string) => deviceRecording(n, `incoming_20261120_10000${n}_512555010${n}_${userId}.wav`);

/** What the native recorder answers, changed by each test; `failures` makes a method reject with the message until removed. */
type Script = {
  recordings: DeviceRecording[];
  permissions: Permissions;
  /** requestPermissions' answers in turn (then `permissions`). */
  requested: Permissions[];
  settings: Record<string, unknown>;
  manual: DeviceRecording;
  failures: Record<string, string>;
};

function recorderScript(patch: Partial<Script> = {}): Script {
  return {
    recordings: [],
    permissions: GRANTED,
    requested: [],
    settings: { enabled: true, recordAllContacts: true, recordUnknown: true, useGoogleDrive: true, audioQuality: 'medium', audioSource: 'voice_communication', recordGroups: [], whitelistNumbers: [], blacklistNumbers: [], lastGroupId: 'default' },
    manual: deviceRecording(9, 'manual_20261120_100009.wav'),
    failures: {},
    ...patch,
  };
}

function answerFrom(script: Script) {
  return (call: BridgeCall): unknown => {
    if (call.plugin !== 'CallRecorder') return undefined;
    const options = (call.options ?? {}) as Record<string, unknown>;
    const failure = script.failures[call.method];
    if (failure) throw new Error(failure);
    switch (call.method) {
      case 'initialize':
        return { initialized: true, version: 'fake-1' };
      case 'getRecordings':
        return { recordings: script.recordings };
      case 'checkPermissions':
        return script.permissions;
      case 'requestPermissions':
        return (script.permissions = script.requested.shift() ?? script.permissions);
      case 'startManualRecording': {
        // The native recorder files the recording under the group it was started with, named with the user's id.
        const userId = options.userId as string | undefined;
        script.manual = { ...script.manual, groupId: (options.groupId as string | undefined) ?? null, name: userId ? `manual_20261120_100009_${userId}.wav` : 'manual_20261120_100009.wav' };
        return undefined;
      }
      case 'stopManualRecording':
        script.recordings = [...script.recordings, script.manual];
        return { recording: script.manual };
      case 'getSettings':
        return { settings: script.settings };
      case 'saveSettings':
        script.settings = options.settings as Record<string, unknown>;
        return undefined;
      case 'addGroupToRecord':
        script.settings = { ...script.settings, lastGroupId: options.groupId };
        return undefined;
      case 'deleteRecording':
        script.recordings = script.recordings.filter((r) => r.path !== options.path);
        return undefined;
      default:
        return undefined; // playRecording, stopRecording
    }
  };
}

/** The app as inside the Android shell with the native recorder answering from `script`; the files on the "phone". */
async function openInApp(page: Page, s: WorkSession, script: Script, path = '/recordings'): Promise<FakeBridge> {
  const bridge = await installFakeBridge(page, { plugins: [{ name: 'CallRecorder', methods: CALL_RECORDER_METHODS }], answer: answerFrom(script) });
  // Capacitor.convertFileSrc(path): the WebView reads a device file from a URL the bridge serves.
  await page.route(`**${FILES}/**`, (route) => route.fulfill({ status: 200, contentType: 'audio/wav', body: AUDIO }));
  await openAs(page, s, path);
  return bridge;
}

/** The session's user id (GoTrue's /user): what the app hands the recorder, and what ends their recordings' names. */
const userIdOf = async (s: WorkSession) => ((await (await s.request.get('/auth/v1/user', { headers: s.headers })).json()) as { id: string }).id;
const recorderCalls = async (bridge: FakeBridge) => (await bridge.calls({ plugin: 'CallRecorder' })).map((c) => c.method);
const serverRecordings = async (s: WorkSession) => (await (await s.request.get('/api/recordings', { headers: s.headers })).json()) as { recordings: { name: string; group_id: string | null }[]; total: number };
const uploadsIn = (page: Page) => {
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/recordings' && posts.push(r.url()));
  return posts;
};
const syncStatus = (page: Page) => page.getByTestId('sync-status');
/** Uploads and page loads on a machine the whole team shares (load average 20–30 measured during these runs). */
const SLOW = { timeout: 30_000 };

test.describe('the call recorder over the native bridge', () => {
  test.slow(); // sign-in, uploads, reloads

  test('initialize on load, then getRecordings feeds the sync service: each of this user’s recordings uploaded once, also after reloads and a lost state', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const userId = await userIdOf(s);
    // A shared phone: another user's call and manual recording, and a manual one named with no user, stay on it.
    const someoneElse = '0b7e7c6a-0000-4000-8000-0000000000b2';
    const others = [deviceRecording(5, `outgoing_20261120_100005_5125550105_${someoneElse}.wav`), deviceRecording(6, `manual_20261120_100006_${someoneElse}.wav`), deviceRecording(7, 'manual_20261120_100007.wav')];
    const script = recorderScript({ recordings: [callRecording(1, userId), ...others, callRecording(2, userId)] });
    const posts = uploadsIn(page);
    const bridge = await openInApp(page, s, script);

    await expect(syncStatus(page)).toHaveText('2 uploaded · 0 waiting · 0 uploading · 0 failed', SLOW);
    const calls = await recorderCalls(bridge);
    expect(calls[0]).toBe('initialize');
    expect(calls.indexOf('getRecordings')).toBeGreaterThan(calls.indexOf('initialize'));
    // The recorder learns who is signed in: it names what it records with their id.
    expect((await bridge.calls({ plugin: 'CallRecorder', method: 'initialize' }))[0]!.options).toEqual({ userId });
    await expect(page.getByTestId('recording')).toHaveCount(2);
    await expect(page.getByTestId('device-recording')).toHaveCount(2);
    expect(posts.length).toBe(2);
    expect((await serverRecordings(s)).total).toBe(2);
    // The browser-only notice is not shown in the app.
    await expect(page.getByText('Recorder is only available in the mobile app.')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('recorder-sync-390.png'), fullPage: true });

    // The app reopened: the kept state says both are uploaded — nothing is sent.
    const before = posts.length;
    await page.reload();
    await expect(syncStatus(page)).toHaveText('2 uploaded · 0 waiting · 0 uploading · 0 failed', SLOW);
    await bridge.waitForCall('CallRecorder', 'getRecordings');
    expect(posts.length).toBe(before);

    // The state lost (app data cleared): both are sent again with their keys, and the server keeps one of each.
    // Deleted from a page of the same origin without the app, so no open connection holds the delete back.
    await page.goto('/sw.js');
    expect(await page.evaluate(() => new Promise((resolve) => { const r = indexedDB.deleteDatabase('fieldbook-recording-sync'); r.onsuccess = () => resolve('deleted'); r.onerror = r.onblocked = () => resolve('not deleted'); }))).toBe('deleted');
    await page.goto('/recordings');
    await expect(syncStatus(page)).toHaveText('2 uploaded · 0 waiting · 0 uploading · 0 failed', SLOW);
    expect(posts.length).toBe(before + 2);
    expect((await serverRecordings(s)).total).toBe(2);

    // A call the recorder just wrote arrives as its event.
    await bridge.waitForListener('CallRecorder', 'recordingAdded');
    script.recordings = [...script.recordings, callRecording(3, userId)];
    expect(await bridge.emit('CallRecorder', 'recordingAdded', { recording: callRecording(3, userId) })).toBe(1);
    await expect(syncStatus(page)).toHaveText('3 uploaded · 0 waiting · 0 uploading · 0 failed', SLOW);
    await expect(page.getByTestId('recording')).toHaveCount(3);
    expect((await serverRecordings(s)).total).toBe(3);
  });

  test('manual recording: checkPermissions then requestPermissions (refused: the message), the consent notice, startManualRecording with the group, stopManualRecording then the upload', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const userId = await userIdOf(s);
    const denied: Permissions = { ...GRANTED, microphone: 'denied' };
    const script = recorderScript({ permissions: { ...GRANTED, microphone: 'prompt' }, requested: [denied, GRANTED] });
    const bridge = await openInApp(page, s, script);
    await expect(syncStatus(page)).toHaveText('0 uploaded · 0 waiting · 0 uploading · 0 failed', SLOW);

    // Add Group: new recordings go to crew-7.
    await page.getByLabel('Group id').fill('crew-7');
    await page.getByRole('button', { name: 'Add Group' }).click();
    await expect(page.getByText('New recordings go to group crew-7', { exact: true }).first()).toBeVisible();
    expect((await bridge.calls({ plugin: 'CallRecorder', method: 'addGroupToRecord' }))[0]!.options).toEqual({ groupId: 'crew-7' });

    // The microphone refused at the prompt: the spec's message, no notice, nothing started.
    await page.getByRole('button', { name: 'Start Recording' }).click();
    await expect(page.getByText('Failed to request permissions')).toBeVisible();
    let calls = (await recorderCalls(bridge)).filter((m) => ['checkPermissions', 'requestPermissions', 'startManualRecording'].includes(m));
    expect(calls).toEqual(['checkPermissions', 'requestPermissions']);
    expect((await bridge.calls({ plugin: 'CallRecorder', method: 'requestPermissions' }))[0]!.options).toEqual({ permissions: ['microphone', 'phoneState', 'callLog', 'audioFiles', 'contacts', 'notifications'] }); // spec 001 §5: all of them
    await expect(page.getByRole('dialog', { name: 'Before you record' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('recorder-permission-refused-390.png'), fullPage: true });

    // Granted the second time: the consent notice comes first; Cancel records nothing.
    await page.getByRole('button', { name: 'Start Recording' }).click();
    const notice = page.getByRole('dialog', { name: 'Before you record' });
    await expect(notice).toContainText('Before you record, tell everyone on the call that it is being recorded.');
    await page.screenshot({ path: test.info().outputPath('recorder-consent-390.png') });
    await notice.getByRole('button', { name: 'Cancel' }).click();
    await expect(notice).toBeHidden();
    expect(await bridge.calls({ plugin: 'CallRecorder', method: 'startManualRecording' })).toEqual([]);

    // Confirmed: the recorder starts with the group id and the user's id (it names the recording with it).
    await page.getByRole('button', { name: 'Start Recording' }).click();
    await notice.getByRole('button', { name: 'I have told the other party' }).click();
    await expect(page.getByRole('button', { name: 'Stop Recording' })).toBeVisible();
    expect((await bridge.calls({ plugin: 'CallRecorder', method: 'startManualRecording' })).map((c) => c.options)).toEqual([{ groupId: 'crew-7', userId }]);
    calls = (await recorderCalls(bridge)).filter((m) => ['checkPermissions', 'requestPermissions', 'startManualRecording'].includes(m));
    expect(calls).toEqual(['checkPermissions', 'requestPermissions', 'checkPermissions', 'requestPermissions', 'checkPermissions', 'startManualRecording']);
    await page.screenshot({ path: test.info().outputPath('recorder-recording-390.png') });

    // Stop: the file on the phone goes to the sync service, which uploads it; the server has it in crew-7.
    await page.getByRole('button', { name: 'Stop Recording' }).click();
    await expect(page.getByRole('button', { name: 'Start Recording' })).toBeVisible();
    await expect(syncStatus(page)).toHaveText('1 uploaded · 0 waiting · 0 uploading · 0 failed', SLOW);
    await expect(page.getByTestId('recording')).toHaveCount(1);
    const list = await serverRecordings(s);
    expect(list.recordings).toEqual([expect.objectContaining({ name: `manual_20261120_100009_${userId}.wav`, group_id: 'crew-7' })]);
    await page.screenshot({ path: test.info().outputPath('recorder-uploaded-390.png'), fullPage: true });

    // The next scan lists it too (getRecordings): still once.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(async () => (await bridge.calls({ plugin: 'CallRecorder', method: 'getRecordings' })).length).toBeGreaterThan(1);
    await expect(syncStatus(page)).toHaveText('1 uploaded · 0 waiting · 0 uploading · 0 failed', SLOW);
    expect((await serverRecordings(s)).total).toBe(1);
  });

  test('recorder settings: saveSettings from the Recordings page, getSettings and permissions in Settings › Call Recorder', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const script = recorderScript({ permissions: { ...GRANTED, notifications: 'prompt' }, requested: [GRANTED] });
    const bridge = await openInApp(page, s, script);

    await page.getByRole('button', { name: 'Settings', exact: true }).filter({ hasText: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recorder Settings' });
    await dialog.getByRole('combobox', { name: 'Audio quality' }).click();
    await page.getByRole('option', { name: 'High' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Recorder settings saved')).toBeVisible();
    // The toast lies over the header at 390 px; it takes no taps: the header's Settings button is what a tap there hits.
    const header = page.getByRole('button', { name: 'Settings' }).first();
    expect(await header.evaluate((button) => {
      const box = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    })).toBe(true);
    const saved = await bridge.waitForCall('CallRecorder', 'saveSettings');
    expect(saved.options).toEqual({ settings: expect.objectContaining({ audioQuality: 'high', audioSource: 'voice_communication', lastGroupId: 'default' }) });

    // The header's settings: the Call Recorder tab exists in the app, and reads the phone's recorder.
    await page.getByRole('button', { name: 'Settings' }).first().click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('tab', { name: 'Call Recorder' }).click();
    await expect(settings.getByText('Call recording works only in the Fieldbook mobile app.')).toBeVisible();
    await expect(settings.getByTestId('recorder-device-settings')).toContainText('High');
    await bridge.waitForCall('CallRecorder', 'getSettings');
    await expect(settings.getByText('Notifications: not allowed')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('recorder-settings-tab-390.png') });
    await settings.getByRole('button', { name: 'Grant permissions' }).click();
    await expect(settings.getByText('Notifications: allowed')).toBeVisible();
    expect((await bridge.calls({ plugin: 'CallRecorder', method: 'requestPermissions' })).map((c) => c.options)).toEqual([undefined]);
  });

  test('a recording on the phone: play, stop and delete through the plugin', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const mine = callRecording(1, await userIdOf(s));
    const script = recorderScript({ recordings: [mine] });
    const bridge = await openInApp(page, s, script);
    const row = page.getByTestId('device-recording');
    await expect(row).toContainText('Uploaded', SLOW);
    const name = mine.name;

    await row.getByRole('button', { name: `Play ${name}` }).click();
    await expect(row.getByRole('button', { name: `Stop ${name}` })).toBeVisible();
    expect((await bridge.waitForCall('CallRecorder', 'playRecording')).options).toEqual({ path: mine.path });
    await row.getByRole('button', { name: `Stop ${name}` }).click();
    await bridge.waitForCall('CallRecorder', 'stopRecording');

    script.failures.playRecording = 'codec not supported';
    await row.getByRole('button', { name: `Play ${name}` }).click();
    await expect(page.getByText('Failed to play recording')).toBeVisible();
    delete script.failures.playRecording;

    await row.getByRole('button', { name: `Delete ${name} from this phone` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete from this phone' });
    await expect(confirm).toContainText('The uploaded copy stays in Fieldbook.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No recordings on this phone yet.')).toBeVisible();
    expect((await bridge.waitForCall('CallRecorder', 'deleteRecording')).options).toEqual({ path: mine.path });
    // The uploaded copy stays.
    expect((await serverRecordings(s)).total).toBe(1);
    await expect(page.getByTestId('recording')).toHaveCount(1);
  });

  test('the recorder’s failures in the spec’s words: initialize, the device list', async ({ page, request }) => {
    const s = await createWorkSession(request);
    const script = recorderScript({ failures: { initialize: 'audio service unavailable' } });
    const bridge = await openInApp(page, s, script);
    await expect(page.getByText('Failed to initialize recorder')).toBeVisible(SLOW);
    await expect(page.getByText('Sync service is not available.')).toBeVisible();
    expect(await bridge.calls({ plugin: 'CallRecorder', method: 'getRecordings' })).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('recorder-init-failed-390.png'), fullPage: true });

    delete script.failures.initialize;
    script.failures.getRecordings = 'READ_MEDIA_AUDIO denied';
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to load recordings' })).toContainText('READ_MEDIA_AUDIO denied', SLOW);
    script.recordings = [callRecording(4, await userIdOf(s))];
    delete script.failures.getRecordings;
    await page.getByRole('alert').filter({ hasText: 'Failed to load recordings' }).getByRole('button', { name: 'Retry' }).click();
    await expect(syncStatus(page)).toHaveText('1 uploaded · 0 waiting · 0 uploading · 0 failed', SLOW);
  });

  test('an admin’s consent notice is the one the crew confirms; it cannot be switched off', async ({ page }) => {
    await installFakeBridge(page, { plugins: [{ name: 'CallRecorder', methods: CALL_RECORDER_METHODS }], answer: answerFrom(recorderScript()) });
    await signInThroughUi(page, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await page.goto('/my-workspace');
    const card = page.getByRole('region', { name: 'Call recording notice' });
    const text = `Say: this call is recorded (e2e ${uniqueTag()}).`;
    await card.getByLabel('Notice').fill(text);
    await card.getByRole('button', { name: 'Save notice' }).click();
    await expect(page.getByText('Recording notice saved')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('recorder-consent-admin-390.png'), fullPage: true });
    try {
      await page.goto('/recordings');
      await page.getByRole('button', { name: 'Start Recording' }).click();
      await expect(page.getByRole('dialog', { name: 'Before you record' })).toContainText(text);
      await page.getByRole('dialog', { name: 'Before you record' }).getByRole('button', { name: 'Cancel' }).click();
    } finally {
      // Back to the default for the other tests of the demo workspace: emptied, the notice is the default, never none.
      await page.goto('/my-workspace');
      await card.getByLabel('Notice').fill('');
      await card.getByRole('button', { name: 'Save notice' }).click();
      await expect(page.getByText('The default recording notice is back')).toBeVisible();
    }
    await expect(card.getByText('This is the default notice.')).toBeVisible();
  });
});
