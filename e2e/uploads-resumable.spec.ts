import { writeFile } from 'node:fs/promises';
import net from 'node:net';
import { expect, test } from '@playwright/test';
import { paddedWav } from '../apps/server/src/platform/uploads/resumable.test-helpers';
import { signInThroughUi } from './support/auth';
import { BASE_URL } from './support/env';
import { createWorkSession } from './support/work-data';

/**
 * A TCP proxy in front of the e2e server that the browser talks to: what the browser sends goes through at
 * `bytesPerSecond` (so an upload can be cut at a known point), and `cut()` destroys every connection and refuses new
 * ones until `reopen()` — a connection dropped for real, mid-request, whatever the browser's network emulation does.
 */
async function throttlingProxy(bytesPerSecond: number) {
  const target = new URL(BASE_URL);
  const sockets = new Set<net.Socket>();
  let refusing = false;
  let sent = 0;
  const server = net.createServer((client) => {
    if (refusing) return client.destroy();
    const upstream = net.connect(Number(target.port), target.hostname);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    sockets.add(client).add(upstream);
    for (const s of [client, upstream]) s.on('error', drop).on('close', drop);
    client.on('data', (chunk: Buffer) => {
      sent += chunk.length;
      upstream.write(chunk);
      client.pause();
      setTimeout(() => client.resume(), (chunk.length / bytesPerSecond) * 1000);
    });
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    /** Bytes the browser has sent through the proxy so far. */
    sent: () => sent,
    cut: () => {
      refusing = true;
      for (const s of sockets) s.destroy();
    },
    reopen: () => {
      refusing = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        refusing = true;
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Issue 26's done-when: a 50 MB recording upload survives a dropped connection. The recordings screen (390 px)
 * uploads a 50 MB call (a WAV whose padding makes the size; a second of tone, so transcription is quick) through tus,
 * through a proxy that lets 4 MB/s through. About 60% in the connection is cut (the proxy destroys it) and the
 * browser goes offline: the server keeps the bytes that arrived (asked with HEAD), the upload waits without failing;
 * back online it goes on from exactly there — no PATCH starts at 0 again — and one recording of all 50 MB is made.
 */
test.describe('resumable uploads', () => {
  test.slow();

  test('a 50 MB recording survives a dropped connection: it resumes from the bytes the server kept and makes one recording', async ({ page, request }, testInfo) => {
    const SIZE = 50 * 1024 * 1024;
    const name = 'incoming_20261126_101500_5125550142_resume.wav';
    const file = testInfo.outputPath(name);
    await writeFile(file, paddedWav(SIZE, { fill: 13 }));
    const proxy = await throttlingProxy(4 * 1024 * 1024);
    try {
      const s = await createWorkSession(request);
      await page.setViewportSize({ width: 390, height: 844 });
      // Signed in through the proxy, so the app's own requests (the upload) go through it.
      await page.goto(`${proxy.url}/login`);
      await signInThroughUi(page, s.user, `${proxy.url}/`);
      await page.goto(`${proxy.url}/recordings`);
      await expect(page.getByText('No recordings yet. Record with your microphone or upload a call.')).toBeVisible();

      // Where each PATCH of the upload starts (its Upload-Offset), as the browser sends them.
      const patches: number[] = [];
      page.on('request', (r) => {
        if (r.method() === 'PATCH' && r.url().includes('/api/uploads/recordings/')) patches.push(Number(r.headers()['upload-offset']));
      });
      const before = proxy.sent();
      await page.getByLabel('Upload recordings').setInputFiles(file);
      const item = page.getByTestId('upload-item').filter({ hasText: name });
      await expect(item).toContainText('Uploading');

      // About 60% in, the connection drops and the phone has no network.
      await expect.poll(() => proxy.sent() - before, { timeout: 60_000, intervals: [50] }).toBeGreaterThan(SIZE * 0.6);
      proxy.cut();
      await page.context().setOffline(true);
      await page.screenshot({ path: testInfo.outputPath('upload-offline-390.png') });

      // The server kept what arrived: the upload's URL (tus-js-client keeps it in localStorage) answers its offset.
      const stored = await page.evaluate(() => {
        const key = Object.keys(localStorage).find((k) => k.startsWith('tus::'));
        return key ? (JSON.parse(localStorage.getItem(key)!) as { uploadUrl: string }).uploadUrl : null;
      });
      expect(stored).toMatch(/\/api\/uploads\/recordings\/u[A-Za-z0-9_-]{32}$/);
      const uploadUrl = new URL(new URL(stored!, proxy.url).pathname, BASE_URL).href;
      const serverOffset = async () => {
        const res = await request.head(uploadUrl, { headers: { ...s.headers, 'Tus-Resumable': '1.0.0' } });
        expect(res.status()).toBe(200);
        return Number(res.headers()['upload-offset']);
      };
      await expect.poll(serverOffset, { timeout: 15_000 }).toBeGreaterThan(SIZE * 0.5);
      await page.waitForTimeout(1500); // nothing more arrives while the network is gone
      const kept = await serverOffset();
      expect(kept).toBeGreaterThan(SIZE * 0.5);
      expect(kept).toBeLessThan(SIZE * 0.9);
      // Offline, the upload waits: no error, no Retry button.
      await expect(item).toContainText('Uploading');
      await expect(item.getByRole('button', { name: 'Retry' })).toHaveCount(0);

      // Back online: it goes on from the kept bytes and finishes.
      proxy.reopen();
      await page.context().setOffline(false);
      await expect(item).toContainText('Uploaded', { timeout: 60_000 });
      console.log(`cut at ${kept} of ${SIZE} bytes (${Math.round((kept / SIZE) * 100)}%); PATCH offsets: ${patches.join(', ')}`);
      expect(patches[0]).toBe(0);
      expect(patches.slice(1)).toContain(kept);
      expect(patches.slice(1).every((offset) => offset >= kept)).toBe(true);

      // One recording, of all 50 MB; the finished upload names it.
      await expect(page.getByTestId('recording')).toHaveCount(1);
      const list = (await (await request.get('/api/recordings', { headers: s.headers })).json()) as { recordings: { id: string; name: string; size: number }[] };
      expect(list.recordings.map((r) => [r.name, r.size])).toEqual([[name, SIZE]]);
      const after = await request.head(uploadUrl, { headers: { ...s.headers, 'Tus-Resumable': '1.0.0' } });
      expect(after.headers()['upload-result-id']).toBe(list.recordings[0]!.id);
      await page.screenshot({ path: testInfo.outputPath('upload-resumed-390.png'), fullPage: true });
    } finally {
      await proxy.close();
    }
  });

  test('closed mid-upload and opened again, the same file picked again goes on from the bytes the server kept', async ({ page, request }, testInfo) => {
    const SIZE = 20 * 1024 * 1024;
    const name = 'incoming_20261126_111500_5125550143_reopen.wav';
    const file = testInfo.outputPath(name);
    await writeFile(file, paddedWav(SIZE, { fill: 21 }));
    const proxy = await throttlingProxy(4 * 1024 * 1024);
    try {
      const s = await createWorkSession(request);
      // Signed in through the proxy, so the app's own requests (the upload) go through it.
      await page.goto(`${proxy.url}/login`);
      await signInThroughUi(page, s.user, `${proxy.url}/`);
      await page.goto(`${proxy.url}/recordings`);
      const before = proxy.sent();
      await page.getByLabel('Upload recordings').setInputFiles(file);
      await expect.poll(() => proxy.sent() - before, { timeout: 60_000, intervals: [50] }).toBeGreaterThan(SIZE * 0.5);
      // The connection drops and the app is closed before it comes back.
      proxy.cut();
      const stored = await page.evaluate(() => {
        const key = Object.keys(localStorage).find((k) => k.startsWith('tus::'));
        return key ? (JSON.parse(localStorage.getItem(key)!) as { uploadUrl: string }).uploadUrl : null;
      });
      const uploadUrl = new URL(new URL(stored!, proxy.url).pathname, BASE_URL).href;
      const serverOffset = async () => Number((await request.head(uploadUrl, { headers: { ...s.headers, 'Tus-Resumable': '1.0.0' } })).headers()['upload-offset']);
      await expect.poll(serverOffset, { timeout: 15_000 }).toBeGreaterThan(SIZE * 0.3);
      const kept = await serverOffset();
      const context = page.context();
      await page.close();

      // Opened again (the same browser profile: its session and the upload's URL in localStorage), the file picked again.
      proxy.reopen();
      const again = await context.newPage();
      const patches: number[] = [];
      again.on('request', (r) => {
        if (r.method() === 'PATCH' && r.url().includes('/api/uploads/recordings/')) patches.push(Number(r.headers()['upload-offset']));
      });
      await again.goto(`${proxy.url}/recordings`);
      await again.getByLabel('Upload recordings').setInputFiles(file);
      await expect(again.getByTestId('upload-item').filter({ hasText: name })).toContainText('Uploaded', { timeout: 60_000 });
      console.log(`closed at ${kept} of ${SIZE} bytes; PATCH offsets after opening again: ${patches.join(', ')}`);
      expect(patches).toEqual([kept]);
      const list = (await (await request.get('/api/recordings', { headers: s.headers })).json()) as { recordings: { name: string; size: number }[] };
      expect(list.recordings.map((r) => [r.name, r.size])).toEqual([[name, SIZE]]);
    } finally {
      await proxy.close();
    }
  });
});
