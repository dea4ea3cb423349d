import { Button, Group } from '@mantine/core';

/** The app-store links (store home pages until the app has its listings), in one place for every screen. */
export const APP_STORE_URL = 'https://apps.apple.com/';
export const GOOGLE_PLAY_URL = 'https://play.google.com/store';

export function StoreLinks() {
  return (
    <Group grow gap="xs">
      <Button component="a" variant="default" href={APP_STORE_URL} target="_blank" rel="noreferrer">
        App Store
      </Button>
      <Button component="a" variant="default" href={GOOGLE_PLAY_URL} target="_blank" rel="noreferrer">
        Google Play
      </Button>
    </Group>
  );
}
