import { Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconClock, IconDownload } from '@tabler/icons-react';
import { useEffect, useReducer, useRef } from 'react';
import { APK_FILE_NAME, DOWNLOAD_PREPARATION_MS, DOWNLOAD_STATUS_TEXT, nextDownloadState } from '../lib/download-flow';

/**
 * The automatic download and the manual 'Download APK' button (spec 002 /download), for a configured APK URL.
 *
 * Both are one plain link straight to the release host (ANDROID_APK_URL), never through this server: a redirect
 * route here would not keep the file name either (Chromium drops the `download` attribute's name after a
 * cross-origin redirect, as it ignores it on a cross-origin link), would not exist behind the Vite dev server's
 * proxy, and a proxy would carry every APK byte through the API process. So the host names the file — the
 * operator points ANDROID_APK_URL at one called Fieldbook-latest.apk — and `download` names it when the APK is
 * served from this origin. The page renders this only when the URL is configured: no link that leads nowhere.
 */
export function ApkDownload({ url }: { url: string }) {
  const [state, dispatch] = useReducer(nextDownloadState, 'idle');
  const link = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => dispatch('prepare'), DOWNLOAD_PREPARATION_MS);
    return () => clearTimeout(timer);
  }, []);

  // 'Preparing download...' is on screen; the automatic download is a click of the same link (its onClick moves on to started).
  useEffect(() => {
    if (state === 'preparing') link.current?.click();
  }, [state]);

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap" role="status" aria-live="polite">
        <ThemeIcon size={34} radius="xl" variant="light" color={state === 'started' ? 'green' : 'fieldbook'}>
          {state === 'started' ? <IconCircleCheck size={20} /> : state === 'preparing' ? <Loader size={16} /> : <IconClock size={20} />}
        </ThemeIcon>
        <Text fw={600}>{DOWNLOAD_STATUS_TEXT[state]}</Text>
      </Group>
      <Button ref={link} component="a" href={url} download={APK_FILE_NAME} size="md" fullWidth leftSection={<IconDownload size={18} />} onClick={() => dispatch('start')}>
        Download APK
      </Button>
      <Text size="xs" c="dimmed">
        {APK_FILE_NAME} · for Android phones and tablets
      </Text>
    </Stack>
  );
}
