import { Button, Group, Stack, Text } from '@mantine/core';
import { useClientConfig } from '../lib/client-config-query';

/**
 * The app-store links, from the deployment's configuration (APP_STORE_URL, GOOGLE_PLAY_URL; issue 26): only the
 * stores the app is listed in, and nothing at all — caption included — before it is listed anywhere.
 */
export function StoreLinks({ caption }: { caption?: string }) {
  const config = useClientConfig();
  const appStore = config.data?.app_store_url ?? null;
  const googlePlay = config.data?.google_play_url ?? null;
  if (!appStore && !googlePlay) return null;
  return (
    <Stack gap={6}>
      {caption && (
        <Text size="sm" c="dimmed">
          {caption}
        </Text>
      )}
      <Group grow gap="xs">
        {appStore && (
          <Button component="a" variant="default" href={appStore} target="_blank" rel="noreferrer">
            App Store
          </Button>
        )}
        {googlePlay && (
          <Button component="a" variant="default" href={googlePlay} target="_blank" rel="noreferrer">
            Google Play
          </Button>
        )}
      </Group>
    </Stack>
  );
}
