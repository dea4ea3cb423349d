import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { CLIENT_CONFIG_QUERY_KEY } from '../../../lib/client-config-query';
import { DOWNLOAD_PREPARATION_MS } from '../lib/download-flow';
import { DownloadScreen } from './download-screen';

const APK_URL = 'https://releases.example.test/fieldbook/Fieldbook-latest.apk';

/** The links the page clicked, automatically or by hand; the browser's navigation is cancelled (no download in happy-dom). */
let clicked: string[] = [];
const recordClick = (event: MouseEvent) => {
  const link = (event.target as Element | null)?.closest('a[download]');
  if (!link) return;
  clicked.push(link.getAttribute('href') ?? '');
  event.preventDefault();
};

beforeEach(() => {
  vi.useFakeTimers();
  clicked = [];
  document.addEventListener('click', recordClick, true);
});
afterEach(() => {
  document.removeEventListener('click', recordClick, true);
  vi.useRealTimers();
});

function renderDownload(apkUrl: string | null, invitation: string | null = null) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(CLIENT_CONFIG_QUERY_KEY, { api_origins: [], android_apk_url: apkUrl, app_store_url: null, google_play_url: null });
  return renderWithProviders(<DownloadScreen invitation={invitation} />, { queryClient, user: null });
}

describe('DownloadScreen with an APK URL', () => {
  it('waits 1.5 s, then downloads from the configured URL once and says so', () => {
    renderDownload(APK_URL);
    expect(screen.getByRole('link', { name: 'Download APK' }).getAttribute('href')).toBe(APK_URL);
    act(() => vi.advanceTimersByTime(DOWNLOAD_PREPARATION_MS - 1));
    expect(clicked).toEqual([]);
    expect(screen.queryByText('Download started!')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(clicked).toEqual([APK_URL]);
    expect(screen.getByText('Download started!')).toBeTruthy();
    expect(screen.getByText('Installation steps')).toBeTruthy();
  });

  it('does not download again automatically after Download APK was pressed first', () => {
    renderDownload(APK_URL);
    act(() => screen.getByRole('link', { name: 'Download APK' }).click());
    expect(screen.getByText('Download started!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(DOWNLOAD_PREPARATION_MS * 2));
    expect(clicked).toEqual([APK_URL]);
  });

  it('leaves no timer behind when the page is left before the 1.5 s', () => {
    const { unmount } = renderDownload(APK_URL);
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(DOWNLOAD_PREPARATION_MS * 2));
    expect(clicked).toEqual([]);
  });
});

describe('DownloadScreen without an APK URL', () => {
  it('says the Android app is not available here, offers no download and starts none', () => {
    renderDownload(null);
    expect(screen.getByText('The Android app is not available from this server.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download APK' })).toBeNull();
    expect(screen.queryByText('Installation steps')).toBeNull();
    act(() => vi.advanceTimersByTime(DOWNLOAD_PREPARATION_MS * 2));
    expect(clicked).toEqual([]);
    expect(screen.queryByText('Preparing download...')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('keeps the web option for an invitation', () => {
    renderDownload(null, 'k3Xq9 ');
    expect(screen.getByText('You have been invited to join a group')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Accept Invitation on Web' }).getAttribute('href')).toBe('/invitation/k3Xq9');
  });
});

describe('DownloadScreen: Install the app', () => {
  it('shows the button only while the browser offers installation, and asks the browser when pressed', async () => {
    vi.useRealTimers();
    const { listenForInstallPrompt } = await import('../../../lib/install-prompt');
    const target = new EventTarget() as unknown as Window;
    listenForInstallPrompt(target);
    renderDownload(null);
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();

    const prompt = vi.fn(async () => {});
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt, userChoice: Promise.resolve({ outcome: 'accepted' as const }) });
    act(() => void target.dispatchEvent(offer));
    expect(offer.defaultPrevented).toBe(true);
    const button = await screen.findByRole('button', { name: 'Install the app' });
    act(() => button.click());
    expect(prompt).toHaveBeenCalledTimes(1);
    // An offer is used once.
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();
  });
});
